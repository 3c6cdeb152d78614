import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Form,
  Input,
  Pagination,
  Spin,
} from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import type { z } from 'zod'

import { StatusTag } from '#app/components/ui/status-tag.tsx'
import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import {
  COMPLAINT_READ_ROLES,
  FEEDBACK_REPLY_ROLE,
  type StaffRole,
} from '#common/constants/staff.ts'
import {
  FeedbackReplySchema,
  type StaffFeedbackPageSchema,
} from '#common/schemas/complaint/complaint-staff.ts'

import { withPage } from '#app/console/api/page-param.ts'
import { refusalOf } from './action-dialog.tsx'
import styles from './workbench.module.css'

type Message = z.infer<typeof StaffFeedbackPageSchema>['items'][number]
type ReplyBody = z.output<typeof FeedbackReplySchema>

type FeedbackRepliesProps = {
  items: Message[]
  total: number
  pageSize: number
  roles: readonly StaffRole[]
  accountId: number
  reply: (id: number, body: ReplyBody) => Promise<unknown>
  /** A second person lets a reply onto the public page. */
  approve: (id: number) => Promise<unknown>
  isLoading?: boolean
}

// Where a reply stands, as the list says it.
function replyTag(answer: {
  reply: string | null
  isPublic: boolean
  isRequested: boolean
}) {
  if (answer.reply === null) return <StatusTag tone="warning">待答复</StatusTag>
  if (answer.isPublic)
    return <StatusTag tone="success">已答复 · 已公开</StatusTag>
  if (answer.isRequested)
    return <StatusTag tone="warning">已答复 · 待核准公开</StatusTag>
  return <StatusTag tone="neutral">已答复 · 未公开</StatusTag>
}

function ApproveReply({
  message,
  approve,
  onApproved,
}: {
  message: Message
  approve: FeedbackRepliesProps['approve']
  onApproved: () => void
}) {
  const [isSending, setIsSending] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  async function send() {
    setIsSending(true)
    setRefusal(null)
    try {
      await approve(message.id)
      onApproved()
    } catch (error) {
      setRefusal(refusalOf(error))
    } finally {
      setIsSending(false)
    }
  }
  return (
    <>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="未能公开"
          description={refusal}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Button
        type="primary"
        loading={isSending}
        autoInsertSpace={false}
        onClick={send}
      >
        核准公开
      </Button>
    </>
  )
}

function ReplyForm({
  message,
  reply,
  onReplied,
}: {
  message: Message
  reply: FeedbackRepliesProps['reply']
  onReplied: (body: ReplyBody) => void
}) {
  const [form] = Form.useForm<{ reply: string; isPublic: boolean }>()
  const [isSaving, setIsSaving] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const id = `feedback-${message.id}`

  async function send() {
    const values = await form.validateFields().catch(() => null)
    const parsed = values && FeedbackReplySchema.safeParse(values)
    if (!parsed?.success) return
    setIsSaving(true)
    setRefusal(null)
    try {
      await reply(message.id, parsed.data)
      onReplied(parsed.data)
    } catch (error) {
      setRefusal(refusalOf(error))
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      disabled={isSaving}
      initialValues={{
        reply: message.reply ?? '',
        isPublic: message.reply ? message.isPublic === 1 : true,
      }}
      onFinish={send}
    >
      {refusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="答复未保存"
          description={refusal}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Form.Item
        name="reply"
        label="答复内容"
        htmlFor={`${id}-reply`}
        rules={[zodRule(FeedbackReplySchema, ['reply'])]}
      >
        <Input.TextArea
          id={`${id}-reply`}
          maxLength={2000}
          showCount
          rows={3}
        />
      </Form.Item>
      <Form.Item name="isPublic" valuePropName="checked">
        <Checkbox>
          经另一位工作人员核准后在“意见反馈”页面公开（留言人姓名和联系方式已脱敏）
        </Checkbox>
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        loading={isSaving}
        autoInsertSpace={false}
      >
        提交答复
      </Button>
    </Form>
  )
}

export function FeedbackReplies({
  items,
  total,
  pageSize,
  roles,
  accountId,
  reply,
  approve,
  isLoading = false,
}: FeedbackRepliesProps) {
  const [params, setParams] = useSearchParams()
  const [editing, setEditing] = useState<number | null>(null)
  // Answers given here, shown until the route has reloaded the list.
  const [given, setGiven] = useState<Record<number, ReplyBody>>({})
  const [approved, setApproved] = useState<Record<number, true>>({})
  const canReply = roles.includes(FEEDBACK_REPLY_ROLE)
  const canApprove = roles.some((role) => COMPLAINT_READ_ROLES.includes(role))
  const page = Math.max(1, Number(params.get('page')) || 1)

  if (items.length === 0)
    return (
      <Spin spinning={isLoading}>
        <Empty description="暂无留言" />
      </Spin>
    )
  return (
    <Spin spinning={isLoading} description="正在加载留言…">
      <ul className={styles.feedbackList}>
        {items.map((message) => {
          const fresh = given[message.id]
          const answer = fresh
            ? {
                reply: fresh.reply,
                isPublic: false,
                isRequested: fresh.isPublic,
                isMine: true,
              }
            : {
                reply: message.reply,
                isPublic:
                  message.isPublic === 1 || approved[message.id] === true,
                isRequested: message.isPublicationRequested === 1,
                isMine: message.replierId === accountId,
              }
          // A reply once public is part of the record: it is not changed afterwards.
          const isOpen =
            canReply &&
            !answer.isPublic &&
            (editing === message.id || answer.reply === null)
          return (
            <li key={message.id} className={styles.feedbackItem}>
              <article
                aria-labelledby={`feedback-${message.id}-title`}
                style={{ width: '100%' }}
              >
                <h3
                  id={`feedback-${message.id}-title`}
                  className={styles.feedbackTitle}
                >
                  {message.title} {replyTag(answer)}
                </h3>
                <p className={styles.meta}>
                  {message.name} · {message.phone} · {message.createdAt}
                </p>
                <p className={styles.preWrap}>{message.content}</p>
                {answer.reply !== null && editing !== message.id ? (
                  <p className={styles.preWrap}>
                    <strong>答复</strong>
                    {message.repliedAt && !given[message.id]
                      ? `（${message.repliedAt}）`
                      : ''}
                    {message.replierName && !fresh
                      ? `（${message.replierName}）`
                      : ''}
                    ：{answer.reply}{' '}
                    {canReply && !answer.isPublic ? (
                      <Button
                        type="link"
                        autoInsertSpace={false}
                        onClick={() => setEditing(message.id)}
                      >
                        修改答复
                      </Button>
                    ) : null}
                  </p>
                ) : null}
                {answer.isRequested &&
                !answer.isPublic &&
                editing !== message.id ? (
                  answer.isMine || !canApprove ? (
                    <p className={styles.meta}>
                      答复须由另一位工作人员核准后才在“意见反馈”页面公开。
                    </p>
                  ) : (
                    <ApproveReply
                      message={message}
                      approve={approve}
                      onApproved={() =>
                        setApproved((all) => ({ ...all, [message.id]: true }))
                      }
                    />
                  )
                ) : null}
                {isOpen ? (
                  <ReplyForm
                    message={{ ...message, reply: answer.reply }}
                    reply={reply}
                    onReplied={(body) => {
                      setGiven((all) => ({ ...all, [message.id]: body }))
                      setApproved(({ [message.id]: _old, ...rest }) => rest)
                      setEditing(null)
                    }}
                  />
                ) : null}
              </article>
            </li>
          )
        })}
      </ul>
      <Pagination
        current={page}
        pageSize={pageSize}
        total={total}
        showSizeChanger={false}
        showTotal={(count) => `共 ${count} 条`}
        onChange={(next) => setParams(withPage(params, next))}
        style={{ marginTop: 16 }}
      />
    </Spin>
  )
}
