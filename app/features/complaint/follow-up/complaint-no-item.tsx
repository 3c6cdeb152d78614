import { Form } from 'antd'

import { FormTextInput } from '#app/components/ui/form-text-input.tsx'

import { queryFieldRule } from './query-on-demand.ts'

/** 投诉编号, as both lookups by number ask for it. */
export const ComplaintNoItem = () => (
  <Form.Item
    label="投诉编号"
    name="complaintNo"
    required
    rules={[
      queryFieldRule((schemas) => schemas.ComplaintNoSchema, 'complaintNo'),
    ]}
  >
    <FormTextInput maxLength={12} inputMode="numeric" autoComplete="off" />
  </Form.Item>
)
