import { Redis, type RedisOptions } from 'ioredis'

// How long a call waits for Redis, connecting or answering, before it fails.
export const REDIS_TIMEOUT_MS = 1000

// A Redis that is down or hangs fails each call within REDIS_TIMEOUT_MS instead of holding
// requests: no retry of a command on a new connection, which would wait for the reconnection.
// ioredis reconnects by itself (after 50 ms, growing to 2 s), so everything recovers when Redis
// is back. Errors surface on each call (without a listener ioredis would print them itself).
export function connectRedis(
  redisUrl: string,
  options: RedisOptions = {},
): Redis {
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 0,
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    ...options,
  })
  redis.on('error', () => {})
  return redis
}

export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect())
}
