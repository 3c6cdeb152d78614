import { Form } from 'antd'

import { useAppFeedback } from '#app/components/ui/app-feedback.tsx'
import { CaptchaField, useCaptcha } from '#app/components/ui/captcha-field.tsx'
import {
  SmsCodeField,
  useSmsCodeSender,
} from '#app/components/ui/sms-code-field.tsx'

import styles from './apply.module.css'

export function VerificationFields() {
  const form = Form.useFormInstance()
  const { message } = useAppFeedback()
  const captcha = useCaptcha()
  const sender = useSmsCodeSender({
    form,
    captcha,
    phoneField: ['contact', 'phone'],
    purpose: 'complaint-filing',
    onSent: () => void message.success('短信验证码已发送，请注意查收'),
  })

  return (
    <fieldset className={styles.section}>
      <legend>身份验证</legend>
      <CaptchaField captcha={captcha} />
      <SmsCodeField sender={sender} />
    </fieldset>
  )
}
