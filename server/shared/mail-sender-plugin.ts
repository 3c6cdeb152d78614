import fp from 'fastify-plugin'

import { createMailSender, type MailSender } from './mail-sender.ts'

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailSender
  }
}

type MailSenderPluginOptions = {
  smtpUrl: string | undefined
  from: string
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
