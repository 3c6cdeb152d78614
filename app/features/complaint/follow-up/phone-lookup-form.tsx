import { Alert, Button, Form, Input } from 'antd'
import { useState } from 'react'
import type { ZodType } from 'zod'

import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'
import { RegionalApiError } from '#app/api/regional-api-error.ts'
import { CaptchaField, useCaptcha } from '#app/components/ui/captcha-field.tsx'
import {
  SmsCodeField,
  useSmsCodeSender,
} from '#app/components/ui/sms-code-field.tsx'
import { desensitize } from '#common/text.ts'
import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import {
  ComplaintNoSchema,
  MobilePhoneSchema,
  SmsCodeSchema,
} from '#common/schemas/complaint/complaint-fields.ts'
import type { ComplaintStatus } from '#common/schemas/complaint/complaint-follow-up.ts'

import { ComplaintNoItem } from './complaint-no-item.tsx'
import styles from './follow-up.module.css'

type Values = {
  complaintNo: string
  phone: string
  captcha: string
  smsCode: string
}

const fieldRule = (schema: ZodType, name: keyof Values) =>
  zodRule(schema, [], (values) => values[name] ?? '')

// For a lost query code: the number (sent by SMS with the code) and the contact phone given when
// filing, proved by a code texted to it (GET tsbhcx with phone and smsCode, docs/api/complaints.md).
export function PhoneLookupForm({
  initialNo,
  onFound,
}: {
  initialNo: string
  onFound: (status: ComplaintStatus) => void
}) {
  const [form] = Form.useForm<Values>()
  const captcha = useCaptcha()
  const [isQuerying, setIsQuerying] = useState(false)
  const [refusal, setRefusal] = useState('')
  const [sent, setSent] = useState('')
  const sender = useSmsCodeSender({
    form,
    captcha,
    phoneField: 'phone',
    purpose: 'complaint-query',
    onSent: (answer, phone) =>
      setSent(
        `短信验证码已发送至 ${desensitize(phone, 3)}，${Math.round(answer.expiresInSeconds / 60)}分钟内有效。`,
      ),
    onRefused: setRefusal,
  })

  async function query(values: Values) {
    setIsQuerying(true)
    setRefusal('')
    try {
      onFound(
        await getBrowserRegionalApi().queryComplaintByNumber({
          complaintNo: ComplaintNoSchema.parse(values.complaintNo),
          phone: MobilePhoneSchema.parse(values.phone),
          smsCode: SmsCodeSchema.parse(values.smsCode),
        }),
      )
    } catch (error) {
      // The typed values stay; the client has shown a toast as well.
      if (error instanceof RegionalApiError)
        setRefusal(
          error.state === 404
            ? '未找到投诉：该投诉编号的联系电话不是这个手机号码。请核对投诉编号（提交时的短信中有）和提交投诉时填写的联系电话。'
            : error.message,
        )
    } finally {
      setIsQuerying(false)
    }
  }

  return (
    <Form
      form={form}
      name="by-phone"
      layout="vertical"
      className={styles.form}
      initialValues={{ complaintNo: initialNo }}
      disabled={isQuerying}
      onFinish={query}
      // The captcha guards sending a code, not the query: an empty one does not stop it.
      onFinishFailed={({ values, errorFields }) => {
        if (!errorFields.every((field) => field.name[0] === 'captcha')) return
        form.setFields([{ name: 'captcha', errors: [] }])
        void query(values)
      }}
    >
      <p className={styles.hint}>
        查询码遗失的，可凭投诉编号和提交投诉时填写的联系电话查询办理进度。投诉编号见提交成功时的页面和短信。
      </p>
      <ComplaintNoItem />
      <Form.Item
        label="联系电话"
        name="phone"
        required
        rules={[fieldRule(MobilePhoneSchema, 'phone')]}
        extra="提交投诉时填写的手机号码"
      >
        <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <CaptchaField captcha={captcha} />
      <SmsCodeField sender={sender} />
      <p className={styles.hint} role="status">
        {sent}
      </p>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          title={refusal}
          className={styles.refusal}
        />
      ) : null}
      <Button type="primary" htmlType="submit" loading={isQuerying}>
        查询
      </Button>
    </Form>
  )
}
