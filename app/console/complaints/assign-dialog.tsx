import { Alert, Button, Form, Input, Modal, Select } from 'antd'
import { useState } from 'react'

import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import {
  type AssignableStaff,
  type ComplaintAssign,
  ComplaintAssignSchema,
} from '#common/schemas/complaint/complaint-staff.ts'

import { refusalOf } from './action-dialog.tsx'

type Props = {
  complaintNos: string[]
  assignees: AssignableStaff['items']
  currentId?: number | null
  assign: (body: ComplaintAssign) => Promise<unknown>
  onClose: () => void
  onDone: (count: number) => void
}

type Values = { assigneeId?: number; reason?: string }

// 分派承办人 for one complaint (its page) or several (the queue's selection): who, and why, in the
// timeline of each. A refusal is said in the dialog, with what was typed kept.
export function AssignDialog({
  complaintNos,
  assignees,
  currentId,
  assign,
  onClose,
  onDone,
}: Props) {
  const [form] = Form.useForm<Values>()
  const [isSending, setIsSending] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)

  async function submit() {
    const values = await form.validateFields().catch(() => null)
    const parsed =
      values && ComplaintAssignSchema.safeParse({ ...values, complaintNos })
    if (!parsed?.success) return
    setIsSending(true)
    setRefusal(null)
    try {
      await assign(parsed.data)
      onDone(complaintNos.length)
    } catch (error) {
      setRefusal(refusalOf(error))
    } finally {
      setIsSending(false)
    }
  }

  return (
    <Modal
      open
      title="分派承办人"
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
          提交分派
        </Button>,
      ]}
    >
      <p>
        {complaintNos.length === 1
          ? `投诉 ${complaintNos[0]}`
          : `已选 ${complaintNos.length} 件投诉`}
        的承办人改为所选人员，理由记入办理经过（仅本部门可见，不告知投诉人）。
      </p>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="未能分派"
          description={refusal}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        disabled={isSending}
        initialValues={{ assigneeId: currentId ?? undefined }}
      >
        <Form.Item
          name="assigneeId"
          label="承办人"
          htmlFor="assign-assignee"
          rules={[zodRule(ComplaintAssignSchema, ['assigneeId'])]}
        >
          <Select
            id="assign-assignee"
            placeholder="请选择"
            options={assignees.map((s) => ({ value: s.id, label: s.name }))}
            notFoundContent="没有可分派的投诉处理人员"
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label="分派理由"
          htmlFor="assign-reason"
          rules={[zodRule(ComplaintAssignSchema, ['reason'])]}
        >
          <Input.TextArea
            id="assign-reason"
            maxLength={500}
            showCount
            rows={3}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
