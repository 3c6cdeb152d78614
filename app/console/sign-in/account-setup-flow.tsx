import { Button, Card, Descriptions, Form, Result, Steps } from 'antd'
import { useState } from 'react'
import { href, Link, useNavigate } from 'react-router'

import { OkSchema, TotpEnrolmentSchema } from '#common/schemas/staff.ts'

import styles from '#app/console/components/console.module.css'
import { NewPasswordFields } from '#app/console/components/new-password-fields.tsx'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import type { StaffApiError } from '#app/console/api/staff-api-error.ts'
import type {
  SetupInfo,
  TotpEnrolment as Enrolment,
} from '#app/console/api/staff-types.ts'
import { TotpEnrolment } from '#app/console/components/totp-enrolment.tsx'
import { useConsoleCall } from '#app/console/api/use-console-call.ts'
import { RefusalNote } from '#app/console/components/refusal-note.tsx'

const OPEN = { isOpen: true }

export function SetupLinkRefused({ message }: { message: string }) {
  return (
    <Result
      status="warning"
      title={<h1 className="portal-result-heading">设置链接不可用</h1>}
      subTitle={message}
      extra={<Link to={href('/admin/login')}>前往登录</Link>}
    />
  )
}

export function AccountSetupFlow({
  token,
  info,
}: {
  token: string
  info: SetupInfo
}) {
  const [form] = Form.useForm<{ password: string }>()
  const navigate = useNavigate()
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [isDone, setDone] = useState(false)
  const [linkRefusal, setLinkRefusal] = useState<string | null>(null)
  const passwordCall = useConsoleCall()
  const factorCall = useConsoleCall()

  // 410 (used or expired) and 404 end the flow; a password the policy refuses (400) is the field's.
  const placeRefusal = (refusal: StaffApiError) => {
    if (refusal.status === 410 || refusal.status === 404) {
      setLinkRefusal(refusal.message)
      return true
    }
    if (refusal.status === 400 && !enrolment) {
      form.setFields([{ name: 'password', errors: [refusal.message] }])
      return true
    }
    return false
  }

  async function setPassword(values: { password: string }) {
    const answer = await passwordCall.run(
      () =>
        staffApi.post(
          '/setup/password',
          TotpEnrolmentSchema,
          { token, password: values.password },
          OPEN,
        ),
      placeRefusal,
    )
    if (answer) setEnrolment(answer)
  }

  async function confirm(code: string) {
    const answer = await factorCall.run(
      () => staffApi.post('/setup/factor', OkSchema, { token, code }, OPEN),
      placeRefusal,
    )
    if (answer) setDone(true)
  }

  if (linkRefusal) return <SetupLinkRefused message={linkRefusal} />
  const step = isDone ? 2 : enrolment ? 1 : 0
  return (
    <Card className={`${styles.card} ${styles.wideCard}`}>
      <h1 className={styles.pageTitle}>设置账号</h1>
      <Descriptions
        size="small"
        column={1}
        className={styles.formTop}
        items={[
          { key: 'name', label: '账号名', children: info.accountName },
          { key: 'person', label: '姓名', children: info.displayName },
          { key: 'expires', label: '链接有效期至', children: info.expiresAt },
        ]}
      />
      <Steps
        size="small"
        current={step}
        status={isDone ? 'finish' : 'process'}
        className={styles.formTop}
        items={[
          { title: '设置密码' },
          { title: '绑定验证器' },
          { title: '完成' },
        ]}
      />
      <div className={styles.formTop}>
        {step === 0 ? (
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            disabled={passwordCall.isPending}
            onFinish={(values) => void setPassword(values)}
          >
            <NewPasswordFields />
            <RefusalNote message={passwordCall.error?.message} />
            <Button
              type="primary"
              htmlType="submit"
              loading={passwordCall.isPending}
            >
              设置密码，下一步
            </Button>
          </Form>
        ) : step === 1 && enrolment ? (
          <TotpEnrolment
            enrolment={enrolment}
            isPending={factorCall.isPending}
            error={factorCall.error?.message ?? null}
            onConfirm={(code) => void confirm(code)}
          />
        ) : (
          <Result
            status="success"
            title={<h2 className="portal-result-heading">账号设置完成</h2>}
            subTitle="请使用账号名、新密码和验证器中的动态验证码登录。"
            extra={
              <Button
                type="primary"
                onClick={() => void navigate(href('/admin/login'))}
              >
                前往登录
              </Button>
            }
          />
        )}
      </div>
    </Card>
  )
}
