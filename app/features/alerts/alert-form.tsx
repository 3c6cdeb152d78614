import { Alert, Button, Form, Input, Radio, Result } from 'antd'
import { useState } from 'react'
import { z } from 'zod'

import { postAlertSubscription } from '#app/api/alerts-client.ts'
import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import {
  ALERT_FILTER_FIELDS,
  type AlertFilters,
} from '#common/alert-filters.ts'
import {
  ALERT_CONFIRM_HOURS,
  ALERT_FREQUENCIES,
} from '#common/constants/alerts.ts'
import { AlertEmailSchema } from '#common/schemas/alerts.ts'

import { AlertFiltersList } from './alert-filters-list.tsx'
import styles from './alerts.module.css'

type Values = { email: string; frequency: string }

const FormSchema = z.object({ email: AlertEmailSchema })

type Props = {
  filters: AlertFilters
  // Posted without scripts.
  refusal?: string
  onCancel?: () => void
}

// A plain form, so it works before (or without) scripts. The answer to an accepted request is the
// same for every address: the page does not know, and must not tell, whether it was subscribed.
export function AlertForm({ filters, refusal, onCancel }: Props) {
  const [form] = Form.useForm<Values>()
  const [problem, setProblem] = useState(refusal)
  const [accepted, setAccepted] = useState<string | null>(null)
  const [isSending, setIsSending] = useState(false)

  async function send(values: Values) {
    setIsSending(true)
    const answer = await postAlertSubscription({ ...values, ...filters })
    setIsSending(false)
    if (answer.isAccepted) setAccepted(answer.message)
    else setProblem(answer.message)
  }

  if (accepted)
    return (
      <Result
        status="success"
        title={<span role="status">请查收确认邮件</span>}
        subTitle={accepted}
        extra={
          onCancel ? (
            <Button type="primary" onClick={onCancel}>
              关闭
            </Button>
          ) : null
        }
      />
    )
  return (
    <Form<Values>
      form={form}
      name="alert"
      layout="vertical"
      method="post"
      action="/alerts/subscribe"
      initialValues={{ frequency: 'immediate' }}
      requiredMark={false}
      // The address is checked with the server's own rule and message, not the browser's.
      noValidate
      onFinish={send}
      onValuesChange={() => setProblem(undefined)}
    >
      <AlertFiltersList filters={filters} />
      <p className={styles.note}>
        提醒只包含今后发布的信息；发布时间等其他筛选条件不保存。
      </p>
      {ALERT_FILTER_FIELDS.map((field) =>
        filters[field] ? (
          <input
            key={field}
            type="hidden"
            name={field}
            value={filters[field]}
          />
        ) : null,
      )}
      {problem ? (
        <Alert
          className={styles.problem}
          type="error"
          showIcon
          role="alert"
          title={problem}
        />
      ) : null}
      <Form.Item
        label="电子邮箱"
        name="email"
        rules={[zodRule(FormSchema, ['email'])]}
        validateTrigger="onSubmit"
      >
        <Input
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          placeholder="name@example.com"
        />
      </Form.Item>
      <Form.Item
        label="提醒方式"
        name="frequency"
        extra={ALERT_FREQUENCIES.map((f) => `${f.label}：${f.hint}`).join('；')}
      >
        <Radio.Group
          name="frequency"
          options={ALERT_FREQUENCIES.map((f) => ({
            value: f.key,
            label: f.label,
          }))}
        />
      </Form.Item>
      <p className={styles.note}>
        提交后，我们将向该邮箱发送一封确认邮件，点击其中的链接（
        {ALERT_CONFIRM_HOURS}
        小时内有效）后订阅才生效。邮箱地址只用于发送这些提醒，不会公开；每封提醒邮件都可一键退订，退订即删除。
      </p>
      <div className={styles.actions}>
        <Button type="primary" htmlType="submit" loading={isSending}>
          发送确认邮件
        </Button>
        {onCancel ? <Button onClick={onCancel}>取消</Button> : null}
      </div>
    </Form>
  )
}
