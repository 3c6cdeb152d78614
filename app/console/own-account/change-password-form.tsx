import { Alert, Button, Form, Input } from 'antd'
import { useState } from 'react'

import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import {
  ChangePasswordSchema,
  PasswordChangedSchema,
} from '#common/schemas/staff.ts'

import styles from '#app/console/components/console.module.css'
import { NewPasswordFields } from '#app/console/components/new-password-fields.tsx'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import type { StaffApiError } from '#app/console/api/staff-api-error.ts'
import { useConsoleCall } from '#app/console/api/use-console-call.ts'
import { RefusalNote } from '#app/console/components/refusal-note.tsx'

type Values = { currentPassword: string; newPassword: string }

export function ChangePasswordForm() {
  const [form] = Form.useForm<Values>()
  const { run, isPending, error } = useConsoleCall()
  // The other sessions it ended; null: not changed yet.
  const [ended, setEnded] = useState<number | null>(null)

  const placeRefusal = (refusal: StaffApiError) => {
    // 401 here is the current password (the session was checked); 400 the new one's policy.
    const field =
      refusal.status === 401
        ? 'currentPassword'
        : refusal.status === 400
          ? 'newPassword'
          : null
    if (field) form.setFields([{ name: field, errors: [refusal.message] }])
    return field !== null
  }

  async function change(values: Values) {
    setEnded(null)
    const answer = await run(
      () =>
        staffApi.post('/me/password', PasswordChangedSchema, {
          currentPassword: values.currentPassword,
          newPassword: values.newPassword,
        }),
      placeRefusal,
    )
    if (!answer) return
    form.resetFields()
    setEnded(answer.endedSessions)
  }

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={isPending}
      onFinish={(values) => void change(values)}
      className={styles.narrowForm}
    >
      <Form.Item
        name="currentPassword"
        label="当前密码"
        rules={[zodRule(ChangePasswordSchema, ['currentPassword'])]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields name="newPassword" />
      <RefusalNote message={error?.message} />
      {ended !== null ? (
        <Alert
          type="success"
          showIcon
          title={`密码已修改，下次登录请使用新密码${ended > 0 ? `；已退出其他 ${ended} 个登录` : ''}`}
          className={styles.formNote}
        />
      ) : null}
      <Button type="primary" htmlType="submit" loading={isPending}>
        修改密码
      </Button>
    </Form>
  )
}
