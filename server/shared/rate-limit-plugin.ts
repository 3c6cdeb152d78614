import { once } from 'node:events'

import rateLimit from '@fastify/rate-limit'
import fp from 'fastify-plugin'

import { closeRedis, connectRedis } from './redis-connection.ts'
import { sharedRateLimitStore } from './shared-rate-limit-store.ts'

type RateLimitPluginOptions = {
  redisUrl?: string
  // Tests give each portal its own.
  prefix?: string
}

const RATE_LIMIT_PREFIX = 'portal:rate-limit:'

// No global limit: each route sets its own. The Redis connection never queues a command while
// Redis is away: the count falls back to memory at once (shared-rate-limit-store.ts).
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, { redisUrl, prefix = RATE_LIMIT_PREFIX }) => {
    if (!redisUrl) {
      await app.register(rateLimit, { global: false })
      return
    }
    const redis = connectRedis(redisUrl, { enableOfflineQueue: false })
    app.addHook('onClose', async () => closeRedis(redis))
    // Started connected, so the first requests are counted together too; a Redis that is
    // away at start is connected to when it comes, meanwhile counts stay in memory.
    await once(redis, 'ready', { signal: AbortSignal.timeout(5000) }).catch(
      (error: unknown) =>
        app.log.warn(
          { err: error },
          'rate limits: Redis not reachable at start',
        ),
    )
    await app.register(rateLimit, {
      global: false,
      store: sharedRateLimitStore(redis, { prefix, log: app.log }),
    })
  },
  { name: 'rate-limit', fastify: '5.x' },
)
