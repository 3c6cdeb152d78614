import type { FormInstance } from 'antd'
import { useRef } from 'react'

import { newClientKey, saveDraft } from './apply-draft.ts'
import type { ApplyValues } from './apply-values.ts'

export type ApplyDraftKeeper = ReturnType<typeof useApplyDraft>

export function useApplyDraft(form: FormInstance<ApplyValues>) {
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // Drawn once per draft, in the browser (crypto), and kept with it.
  const clientKey = useRef<string | null>(null)
  const draftClientKey = () => (clientKey.current ??= newClientKey())

  const draftNow = () => ({
    values: form.getFieldsValue(true) as ApplyValues,
    clientKey: draftClientKey(),
  })
  function keepDraft() {
    clearTimeout(saveTimer.current)
    saveTimer.current = setTimeout(() => saveDraft(draftNow()), 300)
  }

  const cancelSave = () => clearTimeout(saveTimer.current)
  const setClientKey = (key: string) => {
    clientKey.current = key
  }

  return { draftClientKey, draftNow, keepDraft, cancelSave, setClientKey }
}
