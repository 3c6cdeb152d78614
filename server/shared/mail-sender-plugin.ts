import fp from 'fastify-plugin'

import { createMailSender, type MailSender } from './mail-sender.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The one mail sender of the portal (the saved-search alerts). */
    mail: MailSender
  }
}

type MailSenderPluginOptions = {
  /** SMTP_URL; undefined writes mails to the log. */
  smtpUrl: string | undefined
  /** MAIL_FROM. */
  from: string
  /** A sender to use instead (tests read what was sent). */
  sender?: MailSender
}

export const mailSenderPlugin = fp<MailSenderPluginOptions>(
  async (app, { smtpUrl, from, sender }) => {
    // As the SMS log sender: its lines are the embedded default's delivery, written at info
    // whatever LOG_LEVEL says.
    const mail =
      sender ??
      createMailSender(
        { smtpUrl, from },
        app.log.child({ module: 'mail' }, { level: 'info' }),
      )
    app.decorate('mail', mail)
    app.addHook('onClose', async () => mail.close())
  },
  { name: 'mail-sender', fastify: '5.x' },
)
