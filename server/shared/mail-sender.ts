import type { Transporter } from 'nodemailer'

import { createLogSender } from './log-sender.ts'

/**
 * Sends e-mail. One interface for every mail of the portal (the saved-search alerts), chosen
 * by SMTP_URL: an SMTP server, or the server log when none is configured.
 */
export interface MailSender {
  /** Resolves once the server accepted the message; rejects when it did not. */
  send(message: MailMessage): Promise<void>
  close(): void
}

export type MailMessage = {
  /** One address. */
  to: string
  subject: string
  text: string
  html: string
  /** Extra header fields (List-Unsubscribe, …). */
  headers?: Record<string, string>
  /** What the mail is for, kept in the log: 'alert-confirmation', 'alert', … */
  purpose: string
}

/** The SMTP server's refusal of a message: `permanent` for a 5xx reply (never worth retrying). */
export class MailRefusal extends Error {
  readonly isPermanent: boolean
  constructor(message: string, isPermanent: boolean, options?: ErrorOptions) {
    super(message, options)
    this.name = 'MailRefusal'
    this.isPermanent = isPermanent
  }
}

/**
 * An address as a log shows it: the first character of the mailbox and the domain
 * (l***@example.com). Any address found in a text (an SMTP server's reply names it) likewise.
 */
export function maskEmail(text: string): string {
  return text.replace(
    /([^\s<>@"'(),;:]{1,64})@([^\s<>@"'(),;:]+)/g,
    (_all, mailbox: string, domain: string) => `${mailbox[0]}***@${domain}`,
  )
}

/** The part of a pino logger the log sender needs. */
type MailLog = { info(object: object, message: string): void }

/**
 * The embedded default (no SMTP_URL): the mail goes to the server log instead of a mail
 * server, so a one-command start works without one. The log holds the text, links included,
 * because a person trying the portal needs the confirmation link to go on; the address is
 * masked. A deployment that sends real mail sets SMTP_URL, and then no address and no link is
 * ever logged.
 */
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

/**
 * Mail through the SMTP server of `url` (smtp:// or smtps://, credentials in the URL).
 * nodemailer (some 20 MB of resident memory) is loaded with the first mail, not with the server.
 */
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

/** The sender SMTP_URL names, or the log. */
export function createMailSender(
  options: { smtpUrl: string | undefined; from: string },
  log: MailLog,
): MailSender {
  return options.smtpUrl
    ? createSmtpMailSender(options.smtpUrl, options.from)
    : createLogMailSender(log)
}
