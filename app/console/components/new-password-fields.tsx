import { Form, Input } from 'antd'

import { STAFF_PASSWORD_MIN_LENGTH } from '#common/constants/staff.ts'
import { passwordShapeProblem } from '#common/staff-password.ts'

const PASSWORD_RULES_TEXT = `至少${STAFF_PASSWORD_MIN_LENGTH}个字符，不能容易被猜中，不能包含账号名；可以用几个不相关的词语组成`

// Only the characters and the length are checked here: whether it is easy to guess or holds the
// account name the server judges, with dictionaries too large to send to the browser.
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
              const problem = value ? passwordShapeProblem(value) : null
              if (problem) throw new Error(problem)
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
