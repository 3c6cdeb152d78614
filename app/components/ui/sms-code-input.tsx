import { Input, type InputProps } from 'antd'

/** The six digits texted to a phone, as the phone's keyboard and autofill expect them. */
export const SmsCodeInput = (props: InputProps) => (
  <Input
    aria-label="短信验证码"
    maxLength={6}
    inputMode="numeric"
    autoComplete="one-time-code"
    style={{ width: 140 }}
    {...props}
  />
)
