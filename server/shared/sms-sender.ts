import { createLogSender } from './log-sender.ts'

export interface SmsSender {
  send(message: SmsMessage): Promise<void>
}

export type SmsMessage = {
  phone: string
  text: string
  purpose: string
}

export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(7)}`
}

type SmsLog = { info(object: object, message: string): void }

// The log holds the text because an operator needs it to act; the number is masked.
export function createLogSmsSender(log: SmsLog): SmsSender & {
  sent: SmsMessage[]
} {
  return createLogSender(
    log,
    (message: SmsMessage) => ({
      sms: {
        phone: maskPhone(message.phone),
        purpose: message.purpose,
        text: message.text,
      },
    }),
    'sms sent to the log (SMS_PROVIDER=log)',
  )
}

// An unknown name is a configuration error, not a silent drop.
export function createSmsSender(provider: string, log: SmsLog): SmsSender {
  if (provider === 'log') return createLogSmsSender(log)
  throw new Error(
    `配置错误：不支持的短信服务 SMS_PROVIDER=${provider}（可选：log）`,
  )
}
