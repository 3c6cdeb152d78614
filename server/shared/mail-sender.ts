import type { Transporter } from 'nodemailer'

import { createLogSender } from './log-sender.ts'

export interface MailSender {
  send(message: MailMessage): Promise<void>
  close(): void
}

export type MailMessage = {
  to: string
  subject: string
  text: string
  html: string
  headers?: Record<string, string>
  purpose: string
}

// Permanent for a 5xx reply: never worth retrying.
export class MailRefusal extends Error {
  readonly isPermanent: boolean
  constructor(message: string, isPermanent: boolean, options?: ErrorOptions) {
    super(message, options)
    this.name = 'MailRefusal'
    this.isPermanent = isPermanent
  }
}

// An SMTP server's reply names the address, so any address in a text is masked too.
export function maskEmail(text: string): string {
  return text.replace(
    /([^\s<>@"'(),;:]{1,64})@([^\s<>@"'(),;:]+)/g,
    (_all, mailbox: string, domain: string) => `${mailbox[0]}***@${domain}`,
  )
}

type MailLog = { info(object: object, message: string): void }

// The log holds the text, links included: a person trying the portal needs the confirmation
// link to go on. With SMTP_URL no address and no link is ever logged.
export function createLogMailSender(
  log: MailLog,
): MailSender & { sent: MailMessage[] } {
  return {
    ...createLogSender(
      log,
      (message: MailMessage) => ({
        mail: {
          to: maskEmail(message.to),
          purpose: message.purpose,
          subject: message.subject,
          text: message.text,
        },
      }),
      'mail written to the log (SMTP_URL not set)',
    ),
    close() {},
  }
}

// An SMTP server that accepts the connection and then says nothing must not hold a delivery
// run for nodemailer's defaults (2 and 10 minutes).
const SMTP_TIMEOUTS = {
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 30_000,
}

// nodemailer (some 20 MB of resident memory) is loaded with the first mail, not with the server.
export function createSmtpMailSender(url: string, from: string): MailSender {
  let transport: Promise<Transporter> | undefined
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }, { from }),
    ))
  return {
    async send(message) {
      try {
        await (
          await open()
        ).sendMail({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          // As written: a long List-Unsubscribe address must not be folded or encoded.
          headers: Object.fromEntries(
            Object.entries(message.headers ?? {}).map(([name, value]) => [
              name,
              { prepared: true, value },
            ]),
          ),
        })
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode
        throw new MailRefusal(
          maskEmail(error instanceof Error ? error.message : String(error)),
          code !== undefined && code >= 500,
          { cause: error },
        )
      }
    },
    close() {
      void transport?.then((opened) => opened.close())
    },
  }
}

export function createMailSender(
  options: { smtpUrl: string | undefined; from: string },
  log: MailLog,
): MailSender {
  return options.smtpUrl
    ? createSmtpMailSender(options.smtpUrl, options.from)
    : createLogMailSender(log)
}
