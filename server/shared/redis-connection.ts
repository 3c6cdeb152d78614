import { Redis, type RedisOptions } from 'ioredis'

/**
 * One connection to REDIS_URL, set up as every part of the portal that shares state through
 * Redis wants it (the expiring store, the content change announcements, the rate limits): a
 * command waits for at most two reconnections and a connection attempt for 5 s, so a Redis
 * that is down fails the calls quickly instead of holding requests; errors surface on each
 * call (without a listener ioredis would print them itself).
 */
export function connectRedis(
  redisUrl: string,
  options: RedisOptions = {},
): Redis {
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 2,
    connectTimeout: 5000,
    ...options,
  })
  redis.on('error', () => {})
  return redis
}

/** Closes the connection politely, or at once when Redis does not answer. */
export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect())
}
