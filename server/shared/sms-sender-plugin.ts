import fp from 'fastify-plugin'

import { createSmsSender, type SmsSender } from './sms-sender.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The one SMS sender for every part that texts (verification codes, complaint notices). */
    sms: SmsSender
  }
}

type SmsSenderPluginOptions = {
  /** SMS_PROVIDER. */
  provider: string
  /** A sender to use instead (tests read what was sent). */
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
