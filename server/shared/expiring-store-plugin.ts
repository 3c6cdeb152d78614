import fp from 'fastify-plugin'

import {
  createMemoryStore,
  createRedisStore,
  type ExpiringStore,
} from './expiring-store.ts'

declare module 'fastify' {
  interface FastifyInstance {
    expiringStore: ExpiringStore
  }
}

export const expiringStorePlugin = fp<{ redisUrl?: string }>(
  async (app, { redisUrl }) => {
    const store = redisUrl ? createRedisStore(redisUrl) : createMemoryStore()
    app.decorate('expiringStore', store)
    // Without REDIS_URL the store is this process's memory, never down.
    if (redisUrl) app.health.addPart('redis', () => store.ping())
    app.addHook('onClose', async () => store.close())
  },
  { name: 'expiring-store', fastify: '5.x', dependencies: ['health'] },
)
