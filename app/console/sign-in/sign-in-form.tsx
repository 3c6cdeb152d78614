import { Alert, Button, Card, Divider, Form, Input } from 'antd'
import { useNavigate } from 'react-router'

import { useAppFeedback } from '#app/components/ui/app-feedback.tsx'
import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import { failedSignInsNotice } from '#common/constants/staff.ts'
import { SignInSchema } from '#common/schemas/staff.ts'

import { CodeField } from '#app/console/components/code-field.tsx'
import styles from '#app/console/components/console.module.css'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import type { OidcOption } from '#app/console/api/staff-types.ts'
import { useConsoleCall } from '#app/console/api/use-console-call.ts'
import { RefusalNote } from '#app/console/components/refusal-note.tsx'

type Values = { accountName: string; password: string; code: string }

// A refusal keeps what was typed except the code: a code is used once and soon stale anyway.
// The identity provider is a link, not a form, which the CSP's form-action would stop.
export function SignInForm({
  next,
  reason,
  oidc,
  oidcRefusal,
}: {
  next: string
  reason: string | null
  oidc: OidcOption | null
  oidcRefusal: string | null
}) {
  const [form] = Form.useForm<Values>()
  const navigate = useNavigate()
  const { run, isPending, error } = useConsoleCall()
  const { modal } = useAppFeedback()

  // Repeated failures since the last sign-in are told once, before the console opens.
  async function signIn(values: Values) {
    const answer = await run(() => staffApi.signIn(values))
    if (!answer) {
      form.setFieldValue('code', '')
      return
    }
    const go = () => void navigate(next, { replace: true })
    if (!answer.failedSignIns) return go()
    modal.warning({
      title: '登录失败提醒',
      content: failedSignInsNotice(answer.failedSignIns),
      okText: '知道了',
      onOk: go,
    })
  }

  return (
    <div className={styles.cardPage}>
      <Card className={styles.card}>
        <h1 className={styles.pageTitle}>管理后台登录</h1>
        {reason ? (
          <Alert
            type="info"
            showIcon
            title={reason}
            className={styles.formNote}
          />
        ) : null}
        <RefusalNote message={oidcRefusal} />
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={isPending}
          onFinish={(values) => void signIn(values)}
          className={styles.formTop}
        >
          <Form.Item
            name="accountName"
            label="账号名"
            rules={[zodRule(SignInSchema, ['accountName'])]}
          >
            <Input autoComplete="username" autoCapitalize="none" />
          </Form.Item>
          <Form.Item
            name="password"
            label="密码"
            rules={[zodRule(SignInSchema, ['password'])]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <CodeField />
          <RefusalNote message={error?.message} />
          <Button type="primary" htmlType="submit" block loading={isPending}>
            登录
          </Button>
        </Form>
        {oidc ? (
          <>
            <Divider plain>或</Divider>
            <Button
              block
              href={`${oidc.startUrl}?${new URLSearchParams({ returnTo: next })}`}
            >
              {oidc.label}
            </Button>
          </>
        ) : null}
      </Card>
    </div>
  )
}
