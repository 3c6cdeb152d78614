import { Button, Form, Input, Space } from 'antd'
import { useEffect, useState } from 'react'

import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'
import { CaptchaField, useCaptcha } from '#app/components/ui/captcha-field.tsx'
import {
  MobilePhoneSchema,
  SmsCodeSchema,
} from '#common/schemas/complaint/complaint-fields.ts'

import styles from './apply.module.css'
import { useAppFeedback } from '#app/components/ui/app-feedback.tsx'

const RESEND_SECONDS = 60

export function VerificationFields() {
  const form = Form.useFormInstance()
  const { message } = useAppFeedback()
  const captcha = useCaptcha()
  const [countdown, setCountdown] = useState(0)
  const [isSending, setIsSending] = useState(false)

  useEffect(() => {
    if (countdown <= 0) return
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000)
    return () => clearTimeout(timer)
  }, [countdown])

  async function requestCode() {
    try {
      await form.validateFields([['contact', 'phone'], 'captcha'])
    } catch {
      return
    }
    const challenge = captcha.challenge
    if (!challenge) return
    setIsSending(true)
    try {
      const sent = await getBrowserRegionalApi().sendSmsCode({
        phone: MobilePhoneSchema.parse(
          form.getFieldValue(['contact', 'phone']),
        ),
        purpose: 'complaint-filing',
        captchaId: challenge.id,
        captcha: String(form.getFieldValue('captcha')).trim(),
      })
      void message.success('短信验证码已发送，请注意查收')
      setCountdown(sent?.resendAfterSeconds ?? RESEND_SECONDS)
    } catch {
      // The client showed why; a captcha is good for one try.
      form.setFieldValue('captcha', '')
      captcha.refresh()
    } finally {
      setIsSending(false)
    }
  }

  return (
    <fieldset className={styles.section}>
      <legend>身份验证</legend>
      <CaptchaField captcha={captcha} />
      <Form.Item label="短信验证码" required>
        <Space wrap>
          <Form.Item
            name="smsCode"
            noStyle
            rules={[
              {
                validator: async (_rule, value) => {
                  const result = SmsCodeSchema.safeParse(value ?? '')
                  if (!result.success)
                    throw new Error(result.error.issues[0]?.message)
                },
              },
            ]}
          >
            <Input
              aria-label="短信验证码"
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              style={{ width: 140 }}
            />
          </Form.Item>
          <Button
            onClick={requestCode}
            loading={isSending}
            disabled={countdown > 0}
          >
            {countdown > 0 ? `${countdown}秒后可重新获取` : '获取短信验证码'}
          </Button>
        </Space>
      </Form.Item>
    </fieldset>
  )
}
