import type { FormInstance } from 'antd'
import { useState } from 'react'

import { type Act, bodyOf, refusalOf, type Values } from './action-dialog.tsx'
import { usePreviewFile } from './use-preview-file.ts'

const keyOf = (values: Values) => JSON.stringify(values)

// Only the text last previewed can be issued: any change after a preview asks for a new one.
export function useDecisionIssue({
  form,
  kept,
  act,
  preview,
  onDone,
}: {
  form: FormInstance<Values>
  kept: Values | undefined
  act: Act
  preview: (body: Values) => Promise<Blob>
  onDone: () => void
}) {
  const [valuesKey, setValuesKey] = useState(() => keyOf(kept ?? {}))
  const [previewedKey, setPreviewedKey] = useState<string | null>(null)
  const [busy, setBusy] = useState<'preview' | 'issue' | null>(null)
  const [isConfirming, setIsConfirming] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const shown = usePreviewFile()
  const isPreviewCurrent = previewedKey !== null && previewedKey === valuesKey

  const noteValues = () => setValuesKey(keyOf(form.getFieldsValue(true)))

  async function checkedBody() {
    const values = await form.validateFields().catch(() => null)
    return values ? bodyOf('decide', values) : undefined
  }

  async function showPreview() {
    const body = await checkedBody()
    if (!body) return
    const key = keyOf(form.getFieldsValue(true))
    setBusy('preview')
    setRefusal(null)
    try {
      await shown.show(await preview(body))
      // Edited while the preview was made: that preview is not of the text now.
      if (keyOf(form.getFieldsValue(true)) === key) setPreviewedKey(key)
    } catch (error) {
      setRefusal(refusalOf(error))
    } finally {
      setBusy(null)
    }
  }

  async function issue() {
    const body = await checkedBody()
    if (!body || !isPreviewCurrent) return
    if (!isConfirming) {
      setIsConfirming(true)
      return
    }
    setBusy('issue')
    setRefusal(null)
    try {
      await act('decide', body)
      onDone()
    } catch (error) {
      setRefusal(refusalOf(error))
      setIsConfirming(false)
    } finally {
      setBusy(null)
    }
  }

  return {
    shown,
    busy,
    refusal,
    isConfirming,
    setIsConfirming,
    isPreviewCurrent,
    hasPreviewed: previewedKey !== null,
    noteValues,
    showPreview,
    issue,
  }
}
