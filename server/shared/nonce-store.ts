import { Redis } from 'ioredis'

/** Remembers X-Nonce values so that a captured request cannot be replayed (architecture.md). */
export interface NonceStore {
  /** true the first time a nonce is seen, false when it was claimed within the last ttlMs. */
  claim(nonce: string, ttlMs: number): Promise<boolean>
}

/**
 * Nonces of one process, in memory. Entries expire after their ttl; beyond `maxEntries` the
 * oldest are dropped, so memory stays bounded under a flood. Use Redis when several processes
 * serve /xjApi, or a nonce could be replayed against another process.
 */
export function createMemoryNonceStore(
  options: { maxEntries?: number } = {},
): NonceStore {
  const maxEntries = options.maxEntries ?? 100_000
  const expiries = new Map<string, number>()
  return {
    async claim(nonce, ttlMs) {
      const now = Date.now()
      const expiresAt = expiries.get(nonce)
      if (expiresAt !== undefined && expiresAt > now) return false
      expiries.delete(nonce)
      // Map keeps insertion order, so the oldest entries come first.
      for (const [key, expiry] of expiries) {
        if (expiry > now && expiries.size < maxEntries) break
        expiries.delete(key)
      }
      expiries.set(nonce, now + ttlMs)
      return true
    },
  }
}

/** A nonce store that several processes share, with the connection to close at shutdown. */
export type RedisNonceStore = NonceStore & { close(): Promise<void> }

/**
 * Nonces in Redis (REDIS_URL): `SET xjApi:nonce:<nonce> 1 PX <ttl> NX` claims a nonce atomically
 * across processes. When Redis cannot be reached, claim rejects and the request fails rather
 * than being let through unchecked.
 */
export function createRedisNonceStore(
  redisUrl: string,
  keyPrefix = 'xjApi:nonce:',
): RedisNonceStore {
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 2,
    connectTimeout: 5000,
  })
  // Connection errors surface on each claim; without a listener ioredis prints them itself.
  redis.on('error', () => {})
  return {
    async claim(nonce, ttlMs) {
      const result = await redis.set(keyPrefix + nonce, '1', 'PX', ttlMs, 'NX')
      return result === 'OK'
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
