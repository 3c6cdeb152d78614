import fp from 'fastify-plugin'

import {
  type ContentChanges,
  createLocalContentChanges,
  createRedisContentChanges,
} from './content-changes.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Announces publications and withdrawals to every cache of every process. */
    contentChanges: ContentChanges
  }
}

type ContentChangesPluginOptions = {
  redisUrl?: string
  /** The Redis channel (tests give each portal its own); default CONTENT_CHANGES_CHANNEL. */
  channel?: string
}

/**
 * Opens the change announcements once per process: through Redis when REDIS_URL is set, so
 * every process clears its caches, else in this process only. Closed with the app.
 */
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
