import { Button, Form, Space } from 'antd'
import { useState } from 'react'

import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'
import { CaptchaField, useCaptcha } from '#app/components/ui/captcha-field.tsx'
import { SmsCodeInput } from '#app/components/ui/sms-code-input.tsx'
import { useCountdown } from '#app/components/ui/use-countdown.ts'
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
  const countdown = useCountdown()
  const [isSending, setIsSending] = useState(false)

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
      countdown.start(sent?.resendAfterSeconds ?? RESEND_SECONDS)
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
            <SmsCodeInput />
          </Form.Item>
          <Button
            onClick={requestCode}
            loading={isSending}
            disabled={countdown.left > 0}
          >
            {countdown.left > 0
              ? `${countdown.left}秒后可重新获取`
              : '获取短信验证码'}
          </Button>
        </Space>
      </Form.Item>
    </fieldset>
  )
}
