import { Button, Form, type FormInstance, Input, Space } from 'antd'
import type { NamePath } from 'antd/es/form/interface'
import { useState } from 'react'
import type { z } from 'zod'

import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'
import { RegionalApiError } from '#app/api/regional-api-error.ts'
import {
  MobilePhoneSchema,
  SmsCodeSchema,
} from '#common/schemas/complaint/complaint-fields.ts'
import type {
  SmsCodePurpose,
  SmsCodeSentSchema,
} from '#common/schemas/complaint/complaint-verification.ts'

import type { useCaptcha } from './captcha-field.tsx'
import { useCountdown } from './use-countdown.ts'
import { zodRule } from './zod-form-rule.ts'

const RESEND_SECONDS = 60

type SmsCodeSent = z.infer<typeof SmsCodeSentSchema>

interface SmsCodeSenderOptions {
  form: FormInstance
  captcha: ReturnType<typeof useCaptcha>
  /** The form's field holding the phone the code goes to. */
  phoneField: NamePath
  purpose: SmsCodePurpose
  onSent: (sent: SmsCodeSent, phone: string) => void
  /** Why the code was not sent; '' when a new try begins. The client has shown a toast too. */
  onRefused?: (message: string) => void
}

// A code texted to the phone in the form: sent once the phone and the image captcha are valid,
// offered again when the API's resend wait has passed. The captcha answers one request, so a
// new one is shown after every try.
export function useSmsCodeSender({
  form,
  captcha,
  phoneField,
  purpose,
  onSent,
  onRefused,
}: SmsCodeSenderOptions) {
  const countdown = useCountdown()
  const [isSending, setIsSending] = useState(false)
  const [hasSent, setHasSent] = useState(false)

  async function requestCode() {
    try {
      await form.validateFields([phoneField, 'captcha'])
    } catch {
      return
    }
    const challenge = captcha.challenge
    if (!challenge) return
    const phone = MobilePhoneSchema.parse(form.getFieldValue(phoneField))
    setIsSending(true)
    onRefused?.('')
    try {
      const sent = await getBrowserRegionalApi().sendSmsCode({
        phone,
        purpose,
        captchaId: challenge.id,
        captcha: String(form.getFieldValue('captcha')).trim(),
      })
      onSent(sent, phone)
      setHasSent(true)
      countdown.start(sent?.resendAfterSeconds ?? RESEND_SECONDS)
    } catch (error) {
      if (error instanceof RegionalApiError) onRefused?.(error.message)
    } finally {
      form.setFieldValue('captcha', '')
      captcha.refresh()
      setIsSending(false)
    }
  }

  return { requestCode, isSending, secondsLeft: countdown.left, hasSent }
}

/** 短信验证码: the six digits, beside the button that sends them. */
export function SmsCodeField({
  sender,
}: {
  sender: ReturnType<typeof useSmsCodeSender>
}) {
  const { requestCode, isSending, secondsLeft, hasSent } = sender
  return (
    <Form.Item label="短信验证码" required>
      <Space wrap>
        <Form.Item
          name="smsCode"
          noStyle
          rules={[zodRule(SmsCodeSchema, [], (values) => values.smsCode ?? '')]}
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
          disabled={secondsLeft > 0}
        >
          {secondsLeft > 0
            ? `${secondsLeft}秒后可重新获取`
            : hasSent
              ? '重新获取短信验证码'
              : '获取短信验证码'}
        </Button>
      </Space>
    </Form.Item>
  )
}
