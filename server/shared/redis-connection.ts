import { Redis, type RedisOptions } from 'ioredis'

// A Redis that is down fails the calls quickly instead of holding requests; errors surface on
// each call (without a listener ioredis would print them itself).
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

export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect())
}
