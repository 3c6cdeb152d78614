import { Form, Input } from 'antd'

import { STAFF_PASSWORD_MIN_LENGTH } from '#common/constants/staff.ts'

const PASSWORD_RULES_TEXT = `至少${STAFF_PASSWORD_MIN_LENGTH}个字符，不能是常见密码，不能包含账号名`

// Only the length is checked here: whether it is too common or holds the account name only the
// server knows.
export function NewPasswordFields({ name = 'password' }: { name?: string }) {
  return (
    <>
      <Form.Item
        name={name}
        label="新密码"
        extra={PASSWORD_RULES_TEXT}
        rules={[
          { required: true, message: '请输入新密码' },
          {
            validator: async (_rule, value: string | undefined) => {
              if (value && [...value].length < STAFF_PASSWORD_MIN_LENGTH)
                throw new Error(
                  `密码至少需要${STAFF_PASSWORD_MIN_LENGTH}个字符`,
                )
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name={`${name}Again`}
        label="再次输入新密码"
        dependencies={[name]}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue(name))
                throw new Error('两次输入的密码不一致')
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  )
}
