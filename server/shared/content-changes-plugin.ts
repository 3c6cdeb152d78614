import fp from 'fastify-plugin'

import {
  type ContentChanges,
  createLocalContentChanges,
  createRedisContentChanges,
} from './content-changes.ts'

declare module 'fastify' {
  interface FastifyInstance {
    contentChanges: ContentChanges
  }
}

type ContentChangesPluginOptions = {
  redisUrl?: string
  // Tests give each portal its own.
  channel?: string
}

export const contentChangesPlugin = fp<ContentChangesPluginOptions>(
  async (app, { redisUrl, channel }) => {
    let changes: ContentChanges
    if (redisUrl) {
      const redis = createRedisContentChanges(redisUrl, app.log, channel)
      await redis.ready
      changes = redis
    } else changes = createLocalContentChanges(app.log)
    app.decorate('contentChanges', changes)
    app.addHook('onClose', async () => changes.close())
  },
  { name: 'content-changes', fastify: '5.x' },
)
