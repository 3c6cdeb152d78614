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
import { FEEDBACK_REPLY_ROLE, type StaffRole } from '#common/constants/staff.ts'
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
  reply: (id: number, body: ReplyBody) => Promise<unknown>
  isLoading?: boolean
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
          答复后在“意见反馈”页面公开（留言人姓名和联系方式已脱敏）
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
  reply,
  isLoading = false,
}: FeedbackRepliesProps) {
  const [params, setParams] = useSearchParams()
  const [editing, setEditing] = useState<number | null>(null)
  // Answers given here, shown until the route has reloaded the list.
  const [given, setGiven] = useState<Record<number, ReplyBody>>({})
  const canReply = roles.includes(FEEDBACK_REPLY_ROLE)
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
          const answer = given[message.id] ?? {
            reply: message.reply,
            isPublic: message.isPublic === 1,
          }
          const isOpen =
            canReply && (editing === message.id || answer.reply === null)
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
                  {message.title}{' '}
                  {answer.reply === null ? (
                    <StatusTag tone="warning">待答复</StatusTag>
                  ) : answer.isPublic ? (
                    <StatusTag tone="success">已答复 · 已公开</StatusTag>
                  ) : (
                    <StatusTag tone="neutral">已答复 · 未公开</StatusTag>
                  )}
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
                    ：{answer.reply}{' '}
                    {canReply ? (
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
                {isOpen ? (
                  <ReplyForm
                    message={{ ...message, reply: answer.reply }}
                    reply={reply}
                    onReplied={(body) => {
                      setGiven((all) => ({ ...all, [message.id]: body }))
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
