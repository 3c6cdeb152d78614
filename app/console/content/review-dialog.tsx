import { Form, Input } from 'antd'

import { useAppFeedback } from '#app/components/ui/app-feedback.tsx'
import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import { CONTENT_LIMITS } from '#common/constants/content.ts'
import {
  type ContentItemDetail,
  ReturnRevisionSchema,
  WithdrawItemSchema,
} from '#common/schemas/content/workflow.ts'

import {
  ContentActionDialog,
  type DialogValues,
} from './content-action-dialog.tsx'
import type { ContentApi } from './content-api.ts'
import { baseOf } from './content-form-values.ts'
import {
  scheduleBounds,
  scheduleRefusal,
  scheduleTextOf,
} from './schedule-time.ts'

export type ReviewDialogName =
  'publish' | 'schedule' | 'return' | 'cancel-schedule' | 'withdraw'

type Props = {
  open: ReviewDialogName | null
  detail: ContentItemDetail
  calls: Pick<ContentApi, 'approve' | 'returnRevision' | 'change' | 'withdraw'>
  kept: Partial<Record<ReviewDialogName, DialogValues>>
  onClose: (values?: DialogValues) => void
}

// The comment and reason are read as the server reads them (common/schemas/content/workflow.ts).
const commentRule = zodRule(ReturnRevisionSchema, ['comment'], (values) => ({
  base: { revisionNo: 1, version: 1 },
  comment: values.comment ?? '',
}))
const reasonRule = zodRule(WithdrawItemSchema, ['reason'], (values) => ({
  reason: values.reason ?? '',
}))
const scheduleRule = {
  validator: async (_: unknown, value: string | undefined) => {
    if (!value) throw new Error('请选择发布时间')
    const refusal = scheduleRefusal(scheduleTextOf(value))
    if (refusal) throw new Error(refusal)
  },
}

export function ReviewDialog({
  open,
  detail,
  calls,
  kept,
  onClose: close,
}: Props) {
  const { message } = useAppFeedback()
  const base = baseOf(detail.working)
  const done = (text: string) => () => void message.success(text)
  return (
    <>
      {open === 'publish' ? (
        <ContentActionDialog
          kept={kept['publish']}
          title="通过并立即发布"
          effect={`修订 ${detail.working.revisionNo} 将通过审核并立即在公开页面发布。`}
          okText="确认发布"
          onClose={close}
          onSubmit={() =>
            calls.approve(detail.id, base).then(done('已通过并发布'))
          }
        />
      ) : null}
      {open === 'schedule' ? (
        <ContentActionDialog
          kept={kept['schedule']}
          title="定时发布"
          effect={`修订 ${detail.working.revisionNo} 将通过审核，并在所选时间（北京时间）自动发布；发布前可以取消定时。`}
          okText="确认定时发布"
          onClose={close}
          onSubmit={(values) =>
            calls
              .approve(
                detail.id,
                base,
                scheduleTextOf(String(values.publishAt)),
              )
              .then(done('已通过，将按时发布'))
          }
        >
          <Form.Item
            label="发布时间"
            name="publishAt"
            required
            rules={[scheduleRule]}
            extra="北京时间，须晚于当前时间"
          >
            <Input type="datetime-local" step={60} {...scheduleBounds()} />
          </Form.Item>
        </ContentActionDialog>
      ) : null}
      {open === 'return' ? (
        <ContentActionDialog
          kept={kept['return']}
          title="退回修改"
          effect="修订将退回给撰写人，附上您的退回意见；撰写人修改后可以再次提交审核。"
          okText="确认退回"
          isDanger
          onClose={close}
          onSubmit={(values) =>
            calls
              .returnRevision(detail.id, base, String(values.comment))
              .then(done('已退回'))
          }
        >
          <Form.Item
            label="退回意见"
            name="comment"
            required
            rules={[commentRule]}
          >
            <Input.TextArea
              maxLength={CONTENT_LIMITS.commentMax}
              showCount
              rows={3}
            />
          </Form.Item>
        </ContentActionDialog>
      ) : null}
      {open === 'cancel-schedule' ? (
        <ContentActionDialog
          kept={kept['cancel-schedule']}
          title="取消定时发布"
          effect="取消后该修订不会按时发布。"
          okText="确认取消定时"
          onClose={close}
          onSubmit={() =>
            calls
              .change(detail.id, 'cancel-schedule', base)
              .then(done('已取消定时发布'))
          }
        />
      ) : null}
      {open === 'withdraw' ? (
        <ContentActionDialog
          kept={kept['withdraw']}
          title="撤回已发布内容"
          effect="撤回后公开页面不再显示正文，原地址将说明已撤回及撤回原因。"
          okText="确认撤回"
          isDanger
          onClose={close}
          onSubmit={(values) =>
            calls
              .withdraw(detail.id, String(values.reason))
              .then(done('已撤回'))
          }
        >
          <Form.Item
            label="撤回原因"
            name="reason"
            required
            rules={[reasonRule]}
            extra="将在公开页面上显示"
          >
            {/* No character count: drawn under the field, it would cover the hint. */}
            <Input.TextArea maxLength={CONTENT_LIMITS.reasonMax} rows={3} />
          </Form.Item>
        </ContentActionDialog>
      ) : null}
    </>
  )
}
