import { Alert, Button, Form } from 'antd'
import { useState } from 'react'

import { OkSchema, TotpEnrolmentSchema } from '#common/schemas/staff.ts'

import { CodeField } from '#app/console/components/code-field.tsx'
import styles from '#app/console/components/console.module.css'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import type { TotpEnrolment as Enrolment } from '#app/console/api/staff-types.ts'
import { TotpEnrolment } from '#app/console/components/totp-enrolment.tsx'
import { useConsoleCall } from '#app/console/api/use-console-call.ts'
import { RefusalNote } from '#app/console/components/refusal-note.tsx'

// A code of the current factor proves it is the person; it keeps working until the new one is
// confirmed.
export function ReenrolFactor() {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [isDone, setDone] = useState(false)
  const begin = useConsoleCall()
  const finish = useConsoleCall()

  async function start(values: { code: string }) {
    setDone(false)
    const answer = await begin.run(() =>
      staffApi.post('/me/factor', TotpEnrolmentSchema, {
        code: values.code.trim(),
      }),
    )
    if (answer) setEnrolment(answer)
  }

  async function confirm(code: string) {
    const answer = await finish.run(() =>
      staffApi.post('/me/factor/confirm', OkSchema, { code }),
    )
    if (!answer) return
    setEnrolment(null)
    setDone(true)
  }

  if (enrolment)
    return (
      <>
        <TotpEnrolment
          enrolment={enrolment}
          isPending={finish.isPending}
          error={finish.error?.message ?? null}
          onConfirm={(code) => void confirm(code)}
        />
        <Button className={styles.formTop} onClick={() => setEnrolment(null)}>
          取消，继续使用当前验证器
        </Button>
      </>
    )
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      disabled={begin.isPending}
      onFinish={(values) => void start(values)}
      className={styles.narrowForm}
    >
      {isDone ? (
        <Alert
          type="success"
          showIcon
          title="已绑定新的验证器，原验证器的验证码不再有效"
          className={styles.formNote}
        />
      ) : null}
      <CodeField
        label="当前验证器的动态验证码"
        extra="先输入当前验证器中的6位数字，确认是您本人"
      />
      <RefusalNote message={begin.error?.message} />
      <Button type="primary" htmlType="submit" loading={begin.isPending}>
        开始重新绑定
      </Button>
    </Form>
  )
}
