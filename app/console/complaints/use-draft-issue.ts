import type { FormInstance } from 'antd'
import { useState } from 'react'

import type { StaffAction } from '#common/schemas/complaint/complaint-staff.ts'

import { type Act, bodyOf, refusalOf, type Values } from './action-dialog.tsx'
import { usePreviewFile } from './use-preview-file.ts'

const keyOf = (values: Values) => JSON.stringify(values)

export type DraftCalls = {
  /** Keeps the text as typed (the 处理决定书 only). */
  save?: (values: Values) => Promise<unknown>
  submit: (body: Values) => Promise<unknown>
  giveBack: (comment: string) => Promise<unknown>
  /** The document as it would be issued (the 处理决定书 only). */
  preview?: (body: Values) => Promise<Blob>
}

type Busy = 'save' | 'submit' | 'preview' | 'issue' | 'return' | null

// 拟稿 → 核稿 → 签发 in one dialog: the drafter saves and submits; the head who checks previews
// (where there is a document), then issues exactly what was submitted, or returns it with
// comments. Only the text last previewed can be issued.
export function useDraftIssue({
  action,
  form,
  kept,
  act,
  calls,
  onDone,
}: {
  action: Extract<StaffAction, 'decide' | 'publish'>
  form: FormInstance<Values>
  kept: Values | undefined
  act: Act
  calls: DraftCalls
  onDone: () => void
}) {
  const [valuesKey, setValuesKey] = useState(() => keyOf(kept ?? {}))
  const [previewedKey, setPreviewedKey] = useState<string | null>(null)
  const [busy, setBusy] = useState<Busy>(null)
  const [step, setStep] = useState<'edit' | 'confirm' | 'return'>('edit')
  const [refusal, setRefusal] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const shown = usePreviewFile()
  const isPreviewCurrent =
    !calls.preview || (previewedKey !== null && previewedKey === valuesKey)

  const noteValues = () => {
    setValuesKey(keyOf(form.getFieldsValue(true)))
    setNotice(null)
  }

  async function checkedBody() {
    const values = await form.validateFields().catch(() => null)
    return values ? bodyOf(action, values) : undefined
  }

  async function run(kind: Exclude<Busy, null>, work: () => Promise<void>) {
    setBusy(kind)
    setRefusal(null)
    try {
      await work()
    } catch (error) {
      setRefusal(refusalOf(error))
      setStep('edit')
    } finally {
      setBusy(null)
    }
  }

  const save = () =>
    run('save', async () => {
      await calls.save?.(form.getFieldsValue(true))
      setNotice('草稿已保存。')
    })

  async function submit() {
    const body = await checkedBody()
    if (!body) return
    await run('submit', async () => {
      await calls.submit(body)
      onDone()
    })
  }

  async function showPreview() {
    const body = await checkedBody()
    if (!body || !calls.preview) return
    const key = keyOf(form.getFieldsValue(true))
    const preview = calls.preview
    await run('preview', async () => {
      await shown.show(await preview(body))
      // Edited while the preview was made: that preview is not of the text now.
      if (keyOf(form.getFieldsValue(true)) === key) setPreviewedKey(key)
    })
  }

  async function issue() {
    const body = await checkedBody()
    if (!body || !isPreviewCurrent) return
    if (step !== 'confirm') {
      setStep('confirm')
      return
    }
    await run('issue', async () => {
      await act(action, body)
      onDone()
    })
  }

  const giveBack = (comment: string) =>
    run('return', async () => {
      await calls.giveBack(comment)
      onDone()
    })

  return {
    shown,
    busy,
    refusal,
    notice,
    step,
    setStep,
    isPreviewCurrent,
    hasPreviewed: previewedKey !== null,
    noteValues,
    save,
    submit,
    showPreview,
    issue,
    giveBack,
  }
}
