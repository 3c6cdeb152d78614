import fp from 'fastify-plugin'

import { createSmsSender, type SmsSender } from './sms-sender.ts'

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsSender
  }
}

type SmsSenderPluginOptions = {
  provider: string
  sender?: SmsSender
}

export const smsSenderPlugin = fp<SmsSenderPluginOptions>(
  async (app, { provider, sender }) => {
    // The log sender is the embedded default's delivery channel: its lines are written at info
    // whatever LOG_LEVEL says, or an operator (and the end-to-end tests) would never see a code.
    app.decorate(
      'sms',
      sender ??
        createSmsSender(
          provider,
          app.log.child({ module: 'sms' }, { level: 'info' }),
        ),
    )
  },
  { name: 'sms-sender', fastify: '5.x' },
)
