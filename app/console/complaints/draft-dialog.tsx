import { Alert, Button, Form, type GetRef, Input, Modal, Spin } from 'antd'
import { useEffect, useRef, useState } from 'react'

import type {
  DecisionDraftAnswer,
  DraftState,
} from '#common/schemas/complaint/complaint-staff.ts'

import { type Act, confirmStepFooter, type Values } from './action-dialog.tsx'
import { ActionFields } from './action-forms.tsx'
import { FilePreview } from './file-preview.tsx'
import { useDecisionDraft } from './use-decision-draft.ts'
import { type DraftCalls, useDraftIssue } from './use-draft-issue.ts'
import styles from './workbench.module.css'

export type DraftAction = 'decide' | 'publish'
type Mode = 'draft' | 'review' | 'wait'

const TEXTS: Record<
  DraftAction,
  {
    title: Record<Mode, string>
    effect: Record<Mode, string>
    issue: string
    document: string
    confirm: { title: string; description: string }
  }
> = {
  decide: {
    title: {
      draft: '起草处理决定书',
      review: '核稿签发处理决定书',
      wait: '处理决定书（已送核稿）',
    },
    effect: {
      draft:
        '拟稿后送投诉负责人核稿：核稿人可以退回修改，也可以签发。拟稿人不能签发本人起草的决定书。',
      review:
        '核对送核的决定书：有问题的退回拟稿人修改；无误的签发，加盖本机关印章并送达投诉人，同时生成隐去个人信息的公开版。签发前须预览决定书。',
      wait: '决定书已送核稿，核稿人退回后才能修改。',
    },
    issue: '签发',
    document: '处理决定书',
    confirm: {
      title: '确认签发处理决定书？',
      description: '签发后加盖本机关印章并送达投诉人，不能撤回。',
    },
  },
  publish: {
    title: {
      draft: '拟公开处理结果',
      review: '核准公开处理结果',
      wait: '公开处理结果（已送核）',
    },
    effect: {
      draft:
        '拟写在“投诉处理结果”栏目公开的摘要，送另一位投诉负责人核准后公开；摘要中的个人信息会自动隐去。',
      review:
        '核对拟公开的摘要：有问题的退回修改；无误的公开，在“投诉处理结果”栏目公开摘要和处理决定书公开版。公开后不能撤回。',
      wait: '摘要已送核，核准人退回后才能修改。',
    },
    issue: '公开',
    document: '公开的处理结果摘要',
    confirm: {
      title: '确认公开处理结果？',
      description: '公开后任何人都可以在“投诉处理结果”栏目看到，不能撤回。',
    },
  },
}

export function draftModeOf(
  draft: DraftState | null,
  accountId: number,
  canReview: boolean,
): Mode {
  if (draft?.status !== 'submitted') return 'draft'
  return canReview && draft.drafter.id !== accountId ? 'review' : 'wait'
}

type Props = {
  action: DraftAction
  /** Where the draft stood when the page was read; the 处理决定书's is read again on opening. */
  draft: DraftState | null
  accountId: number
  canReview: boolean
  kept?: Values
  initialValues?: Values
  act: Act
  calls: DraftCalls
  load?: () => Promise<DecisionDraftAnswer>
  onCancel: (values: Values) => void
  onDone: () => void
}

export function DraftDialog({
  action,
  draft: draftAsRead,
  accountId,
  canReview,
  kept,
  initialValues,
  act,
  calls,
  load,
  onCancel,
  onDone,
}: Props) {
  const texts = TEXTS[action]
  const [form] = Form.useForm<Values>()
  const [draft, setDraft] = useState(draftAsRead)
  const [comment, setComment] = useState('')
  const mode = draftModeOf(draft, accountId, canReview)
  const steps = useDraftIssue({ action, form, kept, act, calls, onDone })
  const { busy, step, isPreviewCurrent, refusal, shown } = steps
  // What was typed and kept is the drafter's; a draft waiting for checking is shown as sent.
  const { isLoadingDraft, draftFailure, retryDraft } = useDecisionDraft({
    form,
    kept: mode === 'draft' ? kept : undefined,
    loadDraft: load,
    onLoaded: (answer) => {
      setDraft(answer.draft)
      steps.noteValues()
    },
  })
  const isReadOnly = mode !== 'draft' || busy !== null || step !== 'edit'
  // 退回修改 opens the comment field below the text: the person is taken to it.
  const commentField = useRef<GetRef<typeof Input.TextArea>>(null)
  useEffect(() => {
    if (step === 'return') commentField.current?.focus()
  }, [step])

  const cancel = () => onCancel(form.getFieldsValue(true))
  const preview = calls.preview ? (
    <Button
      autoInsertSpace={false}
      key="preview"
      type={isPreviewCurrent ? 'default' : 'primary'}
      loading={busy === 'preview'}
      disabled={isLoadingDraft}
      onClick={steps.showPreview}
    >
      预览{texts.document}
    </Button>
  ) : null

  const footer =
    step === 'confirm'
      ? confirmStepFooter({
          label: `确认${texts.issue}`,
          isSending: busy === 'issue',
          onConfirm: steps.issue,
          onBack: () => steps.setStep('edit'),
        })
      : step === 'return'
        ? [
            <Button
              autoInsertSpace={false}
              key="back"
              onClick={() => steps.setStep('edit')}
            >
              返回
            </Button>,
            <Button
              autoInsertSpace={false}
              key="confirm-return"
              type="primary"
              loading={busy === 'return'}
              disabled={comment.trim().length < 2}
              onClick={() => steps.giveBack(comment.trim())}
            >
              确认退回
            </Button>,
          ]
        : mode === 'review'
          ? [
              <Button autoInsertSpace={false} key="cancel" onClick={cancel}>
                取消
              </Button>,
              <Button
                autoInsertSpace={false}
                key="return"
                disabled={isLoadingDraft || busy !== null}
                onClick={() => steps.setStep('return')}
              >
                退回修改
              </Button>,
              preview,
              <Button
                autoInsertSpace={false}
                key="issue"
                type="primary"
                disabled={isLoadingDraft || !isPreviewCurrent || busy !== null}
                onClick={steps.issue}
              >
                {texts.issue}
              </Button>,
            ]
          : mode === 'wait'
            ? [
                <Button autoInsertSpace={false} key="cancel" onClick={cancel}>
                  关闭
                </Button>,
                preview,
              ]
            : [
                <Button autoInsertSpace={false} key="cancel" onClick={cancel}>
                  取消
                </Button>,
                calls.save ? (
                  <Button
                    autoInsertSpace={false}
                    key="save"
                    loading={busy === 'save'}
                    disabled={isLoadingDraft || busy !== null}
                    onClick={steps.save}
                  >
                    保存草稿
                  </Button>
                ) : null,
                preview,
                <Button
                  autoInsertSpace={false}
                  key="submit"
                  type="primary"
                  loading={busy === 'submit'}
                  disabled={isLoadingDraft || busy !== null}
                  onClick={steps.submit}
                >
                  送核
                </Button>,
              ]

  return (
    <Modal
      open
      title={texts.title[mode]}
      width={880}
      onCancel={cancel}
      mask={{ closable: false }}
      footer={footer}
    >
      <p>{texts.effect[mode]}</p>
      {draft && mode !== 'draft' ? (
        <p>
          {draft.drafter.name}于{draft.submittedAt}送核。
          {mode === 'wait' && draft.drafter.id === accountId
            ? `您拟稿的${texts.document}须由另一位投诉负责人核准${texts.issue}。`
            : ''}
        </p>
      ) : null}
      {mode === 'review' && calls.preview ? (
        <p aria-live="polite">
          {isPreviewCurrent
            ? `已预览送核的内容，可以${texts.issue}。`
            : `请先预览${texts.document}，确认无误后${texts.issue}。`}
        </p>
      ) : null}
      {draft?.status === 'returned' && draft.review ? (
        <Alert
          type="warning"
          showIcon
          title={`${draft.review.reviewerName}于${draft.review.reviewedAt}退回修改`}
          description={`核稿意见：${draft.review.comment ?? ''}`}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {draftFailure ? (
        <Alert
          type="warning"
          showIcon
          title="未能载入决定书草稿"
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
      {steps.notice ? (
        <p role="status" aria-live="polite">
          {steps.notice}
        </p>
      ) : null}
      <Spin spinning={isLoadingDraft} description="正在载入决定书草稿…">
        <Form
          form={form}
          layout="vertical"
          disabled={isReadOnly}
          className={mode === 'draft' ? undefined : styles.submittedText}
          initialValues={kept ?? initialValues}
          onValuesChange={steps.noteValues}
        >
          <ActionFields action={action} idPrefix={`action-${action}`} />
        </Form>
      </Spin>
      {step === 'return' ? (
        <Form layout="vertical">
          <Form.Item
            label="核稿意见"
            htmlFor={`action-${action}-comment`}
            extra="退回拟稿人，随草稿显示；不告知投诉人。"
          >
            <Input.TextArea
              ref={commentField}
              id={`action-${action}-comment`}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              maxLength={2000}
              showCount
              rows={3}
            />
          </Form.Item>
        </Form>
      ) : null}
      {step === 'confirm' ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={texts.confirm.title}
          description={texts.confirm.description}
        />
      ) : null}
      {shown.file ? (
        <FilePreview file={shown.file} onClose={shown.close} />
      ) : null}
    </Modal>
  )
}
