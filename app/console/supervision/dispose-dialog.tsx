import { Alert, Button, Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { href, Link } from 'react-router'

import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import {
  type WarningDetail,
  type WarningDispose,
  WarningDisposeSchema,
} from '#common/schemas/supervision.ts'

import type { WarningCalls } from './supervision-api.ts'
import { type Refusal, RefusalAlert, refusalOf } from './warning-refusal.tsx'

export type DisposeState = WarningDispose['state']

type Disposal = {
  title: string
  effect: string
  noteLabel: string
  isNoteRequired: boolean
  submit: string
}

export const DISPOSALS: Record<DisposeState, Disposal> = {
  checking: {
    title: '标记为核查中',
    effect: '表示已着手核查该预警；可记下核查安排，记入处理经过。',
    noteLabel: '核查说明（选填）',
    isNoteRequired: false,
    submit: '提交',
  },
  verified: {
    title: '核实预警',
    effect:
      '确认预警反映的问题属实。提交后将根据本预警自动建立一条“联动监管”记录草稿，请在内容管理中完善后送审，审核通过后才会公开。',
    noteLabel: '核实情况',
    isNoteRequired: true,
    submit: '确认已核实',
  },
  dismissed: {
    title: '排除预警',
    effect:
      '经核查，预警反映的问题不成立。排除后不再列入待处理；项目信息变化后如再次触发，将重新预警。',
    noteLabel: '排除理由',
    isNoteRequired: true,
    submit: '确认排除',
  },
}

type Props = {
  state: DisposeState
  warning: WarningDetail
  kept?: string
  calls: Pick<WarningCalls, 'dispose' | 'reload'>
  /** Closed without sending, or after a refusal: what was typed, to keep. */
  onCancel: (note: string) => void
  onDone: () => void
}

type Values = { note?: string }

// The version sent is the one shown: a step on a warning that has moved since is refused (409).
export function DisposeDialog({
  state,
  warning,
  kept,
  calls,
  onCancel,
  onDone,
}: Props) {
  const disposal = DISPOSALS[state]
  const [form] = Form.useForm<Values>()
  const [isSending, setIsSending] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const [verified, setVerified] = useState<WarningDetail | null>(null)
  const toInput = (values: { note?: unknown }) => ({
    state,
    note: typeof values.note === 'string' ? values.note : '',
    base: { updatedAt: warning.updatedAt },
  })
  const noteOf = () => String(form.getFieldValue('note') ?? '')

  async function submit() {
    const values = await form.validateFields().catch(() => null)
    const parsed = values && WarningDisposeSchema.safeParse(toInput(values))
    if (!parsed?.success) return
    setIsSending(true)
    setRefusal(null)
    try {
      const detail = await calls.dispose(parsed.data)
      if (state === 'verified') setVerified(detail)
      else onDone()
    } catch (error) {
      setRefusal(refusalOf(error))
    } finally {
      setIsSending(false)
    }
  }

  if (verified)
    return (
      <Modal
        open
        title="已核实"
        onCancel={onDone}
        footer={[
          <Button autoInsertSpace={false} key="close" onClick={onDone}>
            关闭
          </Button>,
        ]}
      >
        <Alert
          type="success"
          showIcon
          role="status"
          title={
            verified.linkageItemId === null
              ? '预警已核实'
              : '预警已核实，已建立联动监管记录草稿'
          }
          description={
            verified.linkageItemId === null ? (
              '联动监管记录草稿未能建立，请在内容管理中新建。'
            ) : (
              <>
                <p>
                  草稿内容编号 {verified.linkageItemId}
                  ，已根据本预警预填。请完善后送审，审核通过后公开。
                </p>
                <Link
                  to={href('/admin/content/:id', {
                    id: String(verified.linkageItemId),
                  })}
                >
                  编辑联动监管记录草稿
                </Link>
              </>
            )
          }
        />
      </Modal>
    )

  return (
    <Modal
      open
      title={disposal.title}
      onCancel={() => onCancel(noteOf())}
      mask={{ closable: false }}
      footer={[
        <Button
          autoInsertSpace={false}
          key="cancel"
          onClick={() => onCancel(noteOf())}
        >
          取消
        </Button>,
        <Button
          autoInsertSpace={false}
          key="submit"
          type="primary"
          loading={isSending}
          onClick={submit}
        >
          {disposal.submit}
        </Button>,
      ]}
    >
      <p>{disposal.effect}</p>
      {refusal ? (
        <RefusalAlert
          title={`未能${disposal.title}`}
          refusal={refusal}
          onReload={async () => {
            await calls.reload()
            onCancel(noteOf())
          }}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        disabled={isSending}
        initialValues={{ note: kept }}
      >
        <Form.Item
          name="note"
          label={disposal.noteLabel}
          htmlFor={`dispose-${state}-note`}
          required={disposal.isNoteRequired}
          rules={[zodRule(WarningDisposeSchema, ['note'], toInput)]}
        >
          <Input.TextArea
            id={`dispose-${state}-note`}
            maxLength={2000}
            showCount
            rows={4}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
