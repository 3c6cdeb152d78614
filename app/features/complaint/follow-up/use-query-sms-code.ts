import type { FormInstance } from 'antd'
import { useState } from 'react'

import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'
import { RegionalApiError } from '#app/api/regional-api-error.ts'
import type { useCaptcha } from '#app/components/ui/captcha-field.tsx'
import { useCountdown } from '#app/components/ui/use-countdown.ts'
import { MobilePhoneSchema } from '#common/schemas/complaint/complaint-fields.ts'

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`

// The code texted to the contact phone for a lookup by phone: sent once the phone and the captcha
// are valid, then offered again when the API's resend wait has passed.
export function useQuerySmsCode(
  form: FormInstance,
  captcha: ReturnType<typeof useCaptcha>,
  onRefusal: (message: string) => void,
) {
  const countdown = useCountdown()
  const [isSending, setIsSending] = useState(false)
  const [sent, setSent] = useState('')

  async function requestCode() {
    try {
      await form.validateFields(['phone', 'captcha'])
    } catch {
      return
    }
    const challenge = captcha.challenge
    if (!challenge) return
    const phone = MobilePhoneSchema.parse(form.getFieldValue('phone'))
    setIsSending(true)
    onRefusal('')
    try {
      const answer = await getBrowserRegionalApi().sendSmsCode({
        phone,
        purpose: 'complaint-query',
        captchaId: challenge.id,
        captcha: String(form.getFieldValue('captcha')).trim(),
      })
      setSent(
        `短信验证码已发送至 ${masked(phone)}，${Math.round(answer.expiresInSeconds / 60)}分钟内有效。`,
      )
      countdown.start(answer.resendAfterSeconds)
    } catch (error) {
      if (error instanceof RegionalApiError) onRefusal(error.message)
    } finally {
      // A captcha answers one request: a new one for the next.
      form.setFieldValue('captcha', '')
      captcha.refresh()
      setIsSending(false)
    }
  }

  const label =
    countdown.left > 0
      ? `${countdown.left}秒后可重新获取`
      : sent
        ? '重新获取短信验证码'
        : '获取短信验证码'
  return { requestCode, isSending, isWaiting: countdown.left > 0, label, sent }
}
