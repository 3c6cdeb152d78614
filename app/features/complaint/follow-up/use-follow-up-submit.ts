import type { FormInstance } from 'antd'
import { useState } from 'react'
import { useAppFeedback } from '#app/components/ui/app-feedback.tsx'

// A failed request was already explained by the regional client's toast; the dialog stays open
// with what was typed.
export function useFollowUpSubmit<Values>(
  form: FormInstance<Values>,
  send: (values: Values) => Promise<unknown>,
  success: string,
  onClose: (changed: boolean) => void,
) {
  const { message } = useAppFeedback()
  const [isSaving, setIsSaving] = useState(false)
  async function submit() {
    const values = await form.validateFields()
    setIsSaving(true)
    try {
      await send(values)
      void message.success(success)
      onClose(true)
    } catch {
      // Shown by the client; nothing typed is lost.
    } finally {
      setIsSaving(false)
    }
  }
  return { submit, isSaving }
}
