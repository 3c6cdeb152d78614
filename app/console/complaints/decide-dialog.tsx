import { Alert, Button, Form, Modal, Spin } from 'antd'

import type { DecisionDraft } from '#common/schemas/complaint/complaint-staff.ts'

import { type Act, confirmStepFooter, type Values } from './action-dialog.tsx'
import { ACTION_FORMS, ActionFields } from './action-forms.tsx'
import { FilePreview } from './file-preview.tsx'
import { useDecisionDraft } from './use-decision-draft.ts'
import { useDecisionIssue } from './use-decision-issue.ts'

type Props = {
  kept?: Values
  act: Act
  loadDraft: () => Promise<DecisionDraft>
  preview: (body: Values) => Promise<Blob>
  onCancel: (values: Values) => void
  onDone: () => void
}

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
  const steps = useDecisionIssue({ form, kept, act, preview, onDone })
  const { busy, isConfirming, isPreviewCurrent, refusal, shown, issue } = steps
  const { isLoadingDraft, draftFailure, retryDraft } = useDecisionDraft({
    form,
    kept,
    loadDraft,
    onLoaded: steps.noteValues,
  })

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
              onBack: () => steps.setIsConfirming(false),
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
                onClick={steps.showPreview}
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
          : steps.hasPreviewed
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
          onValuesChange={steps.noteValues}
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
