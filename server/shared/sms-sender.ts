import { createLogSender } from './log-sender.ts'

/**
 * Sends text messages to Chinese mobile numbers. One interface for every sender of the portal
 * (verification codes, complaint notifications), chosen by SMS_PROVIDER.
 */
export interface SmsSender {
  /** Resolves once the provider accepted the message; rejects when it did not. */
  send(message: SmsMessage): Promise<void>
}

export type SmsMessage = {
  /** 11-digit mainland mobile number. */
  phone: string
  text: string
  /** What the message is for, kept in the log: 'verification-code', 'complaint-event', … */
  purpose: string
}

/** A mobile number as logs and kept records show it: 139****5678. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(7)}`
}

/** The part of a pino logger the log sender needs. */
type SmsLog = { info(object: object, message: string): void }

/**
 * The embedded default (SMS_PROVIDER=log): the message goes to the server log instead of a
 * carrier, so a one-command start works without an SMS contract. The log holds the text
 * because an operator needs it to act; the number is masked.
 */
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

/** The sender named by SMS_PROVIDER; unknown names are a configuration error, not a silent drop. */
export function createSmsSender(provider: string, log: SmsLog): SmsSender {
  if (provider === 'log') return createLogSmsSender(log)
  throw new Error(
    `配置错误：不支持的短信服务 SMS_PROVIDER=${provider}（可选：log）`,
  )
}
