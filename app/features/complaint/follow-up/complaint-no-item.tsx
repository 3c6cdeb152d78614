import { Form, Input } from 'antd'

import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import { ComplaintNoSchema } from '#common/schemas/complaint/complaint-fields.ts'

/** 投诉编号, as both lookups by number ask for it. */
export const ComplaintNoItem = () => (
  <Form.Item
    label="投诉编号"
    name="complaintNo"
    required
    rules={[
      zodRule(ComplaintNoSchema, [], (values) => values.complaintNo ?? ''),
    ]}
  >
    <Input maxLength={12} inputMode="numeric" autoComplete="off" />
  </Form.Item>
)
