import { Alert, Button, Form, Modal, Spin } from 'antd'
import { useEffect, useRef, useState } from 'react'

import type { DecisionDraft } from '#common/schemas/complaint/complaint-staff.ts'

import {
  type Act,
  bodyOf,
  confirmStepFooter,
  refusalOf,
  type Values,
} from './action-dialog.tsx'
import { ACTION_FORMS, ActionFields } from './action-forms.tsx'
import { FilePreview, type ShownFile } from './file-preview.tsx'

type Props = {
  kept?: Values
  act: Act
  /** GET …/decision-draft: the decision's text drafted from the record. */
  loadDraft: () => Promise<DecisionDraft>
  /** POST …/decision-preview: the 处理决定书 as it would be issued, unsealed, marked 草稿. */
  preview: (body: Values) => Promise<Blob>
  onCancel: (values: Values) => void
  onDone: () => void
}

const keyOf = (values: Values) => JSON.stringify(values)

/** A preview PDF held for the viewer under an object URL, and let go of again. */
function usePreviewFile() {
  const [file, setFile] = useState<ShownFile | null>(null)
  const url = useRef<string | null>(null)
  const release = () => {
    const old = url.current
    if (!old) return
    url.current = null
    URL.revokeObjectURL(old)
    void import('#app/components/ui/pdf-loader.ts').then(({ releasePdf }) =>
      releasePdf(old),
    )
  }
  useEffect(() => release, [])
  async function show(pdf: Blob) {
    release()
    const next = URL.createObjectURL(pdf)
    url.current = next
    const { holdPdf } = await import('#app/components/ui/pdf-loader.ts')
    holdPdf(next, await pdf.arrayBuffer())
    setFile({ name: '处理决定书（草稿）.pdf', url: next })
  }
  return { file, show, close: () => setFile(null) }
}

/**
 * 作出处理决定: the head edits the text drafted from the record (blanks marked 【待填写】 must be
 * filled), previews the 处理决定书 exactly as it would be issued (marked 草稿), and only then
 * signs it off (签发), after a last confirmation. Any change after a preview asks for a new one.
 */
export function DecideDialog({
  kept,
  act,
  loadDraft,
  preview,
  onCancel,
  onDone,
}: Props) {
  const spec = ACTION_FORMS.decide
  const [form] = Form.useForm<Values>()
  const [isLoadingDraft, setIsLoadingDraft] = useState(!kept)
  const [draftFailure, setDraftFailure] = useState<string | null>(null)
  const [valuesKey, setValuesKey] = useState(() => keyOf(kept ?? {}))
  const [previewedKey, setPreviewedKey] = useState<string | null>(null)
  const [busy, setBusy] = useState<'preview' | 'issue' | null>(null)
  const [isConfirming, setIsConfirming] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const shown = usePreviewFile()
  const isPreviewCurrent = previewedKey !== null && previewedKey === valuesKey

  function requestDraft() {
    loadDraft()
      .then((draft) => {
        const values = { ...draft, conclusion: draft.conclusion ?? undefined }
        form.setFieldsValue(values)
        setValuesKey(keyOf(form.getFieldsValue(true)))
      })
      .catch((error: unknown) => setDraftFailure(refusalOf(error)))
      .finally(() => setIsLoadingDraft(false))
  }
  function retryDraft() {
    setIsLoadingDraft(true)
    setDraftFailure(null)
    requestDraft()
  }
  // Browser-only work on opening: the draft, unless the head comes back to what was typed.
  useEffect(() => {
    if (!kept) requestDraft()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the dialog opens
  }, [])

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

  const cancel = () => onCancel(form.getFieldsValue(true))
  return (
    <Modal
      open
      title={spec.label}
      width={880}
      onCancel={cancel}
      mask={{ closable: false }}
      footer={
        isConfirming
          ? confirmStepFooter({
              label: '确认签发',
              isSending: busy === 'issue',
              onConfirm: issue,
              onBack: () => setIsConfirming(false),
            })
          : [
              <Button autoInsertSpace={false} key="cancel" onClick={cancel}>
                取消
              </Button>,
              <Button
                autoInsertSpace={false}
                key="preview"
                type={isPreviewCurrent ? 'default' : 'primary'}
                loading={busy === 'preview'}
                disabled={isLoadingDraft}
                onClick={showPreview}
              >
                预览处理决定书
              </Button>,
              <Button
                autoInsertSpace={false}
                key="issue"
                type="primary"
                disabled={!isPreviewCurrent || busy !== null}
                onClick={issue}
              >
                签发
              </Button>,
            ]
      }
    >
      <p>{spec.effect}</p>
      <p aria-live="polite">
        {isPreviewCurrent
          ? '已预览当前内容，可以签发。'
          : previewedKey
            ? '内容已修改，请重新预览后再签发。'
            : '请先预览处理决定书，确认无误后签发。'}
      </p>
      {draftFailure ? (
        <Alert
          type="warning"
          showIcon
          title="未能载入决定书草稿，可直接填写"
          description={draftFailure}
          action={
            <Button autoInsertSpace={false} onClick={retryDraft}>
              重新载入
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {refusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="未能办理"
          description={refusal}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Spin spinning={isLoadingDraft} description="正在载入决定书草稿…">
        <Form
          form={form}
          layout="vertical"
          disabled={isConfirming || busy !== null}
          initialValues={kept}
          onValuesChange={() => setValuesKey(keyOf(form.getFieldsValue(true)))}
        >
          <ActionFields action="decide" idPrefix="action-decide" />
        </Form>
      </Spin>
      {isConfirming ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title="确认签发处理决定书？"
          description="签发后加盖本机关印章并送达投诉人，不能撤回。"
        />
      ) : null}
      {shown.file ? (
        <FilePreview file={shown.file} onClose={shown.close} />
      ) : null}
    </Modal>
  )
}
