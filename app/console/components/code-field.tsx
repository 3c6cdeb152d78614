import { Form, Input } from 'antd'

import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import { CodeSchema } from '#common/schemas/staff.ts'

export function CodeField({
  label = '动态验证码',
  extra = '打开验证器App，输入其中显示的6位数字',
}: {
  label?: string
  extra?: string
}) {
  return (
    <Form.Item
      name="code"
      label={label}
      extra={extra}
      rules={[zodRule(CodeSchema, ['code'])]}
    >
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="6位数字"
      />
    </Form.Item>
  )
}
