import fp from 'fastify-plugin'

import {
  createMemoryStore,
  createRedisStore,
  type ExpiringStore,
} from './expiring-store.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's one expiring store: nonces, captcha answers, SMS codes, throttles. */
    expiringStore: ExpiringStore
  }
}

/**
 * Opens the store once per process, in Redis when REDIS_URL is set (shared by every process,
 * architecture.md, Growing past one machine) or in memory, and closes it with the app.
 */
export const expiringStorePlugin = fp<{ redisUrl?: string }>(
  async (app, { redisUrl }) => {
    const store = redisUrl ? createRedisStore(redisUrl) : createMemoryStore()
    app.decorate('expiringStore', store)
    app.addHook('onClose', async () => store.close())
  },
  { name: 'expiring-store', fastify: '5.x' },
)
