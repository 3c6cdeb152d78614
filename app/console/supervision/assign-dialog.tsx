import { Button, Form, Modal, Select } from 'antd'
import { useState } from 'react'

import type { AssignableStaff } from '#common/schemas/complaint/complaint-staff.ts'
import type { WarningDetail } from '#common/schemas/supervision.ts'

import type { WarningCalls } from './supervision-api.ts'
import { type Refusal, RefusalAlert, refusalOf } from './warning-refusal.tsx'

type Props = {
  warning: WarningDetail
  handlers: AssignableStaff['items']
  calls: Pick<WarningCalls, 'assign' | 'reload'>
  onClose: () => void
}

// 'none' takes the 承办人 away; offered only while someone holds it.
type Values = { assignee?: string }

export function AssignDialog({ warning, handlers, calls, onClose }: Props) {
  const [form] = Form.useForm<Values>()
  const [isSending, setIsSending] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)

  async function submit() {
    const values = await form.validateFields().catch(() => null)
    if (!values?.assignee) return
    setIsSending(true)
    setRefusal(null)
    try {
      await calls.assign({
        assigneeId: values.assignee === 'none' ? null : Number(values.assignee),
        base: { updatedAt: warning.updatedAt },
      })
      onClose()
    } catch (error) {
      setRefusal(refusalOf(error))
    } finally {
      setIsSending(false)
    }
  }

  return (
    <Modal
      open
      title="指派承办人"
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button autoInsertSpace={false} key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button
          autoInsertSpace={false}
          key="submit"
          type="primary"
          loading={isSending}
          onClick={submit}
        >
          提交指派
        </Button>,
      ]}
    >
      <p>承办人负责核查该预警，指派记入处理经过。</p>
      {refusal ? (
        <RefusalAlert
          title="未能指派"
          refusal={refusal}
          onReload={async () => {
            await calls.reload()
            onClose()
          }}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        disabled={isSending}
        initialValues={{
          assignee:
            warning.assigneeId === null
              ? undefined
              : String(warning.assigneeId),
        }}
      >
        <Form.Item
          name="assignee"
          label="承办人"
          htmlFor="warning-assign-select"
          rules={[{ required: true, message: '请选择承办人' }]}
        >
          <Select
            id="warning-assign-select"
            placeholder="请选择"
            options={[
              ...handlers.map((person) => ({
                value: String(person.id),
                label: person.name,
              })),
              ...(warning.assigneeId === null
                ? []
                : [{ value: 'none', label: '不指派（清除承办人）' }]),
            ]}
            notFoundContent="没有具有“监督检查”角色的人员"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
