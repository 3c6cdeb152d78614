import { once } from 'node:events'

import { MSG_SERVICE_BUSY } from '#common/messages.ts'

import {
  closeRedis,
  connectRedis,
  REDIS_TIMEOUT_MS,
} from './redis-connection.ts'
import { Refusal } from './refusal.ts'

// Shared by every process serving the portal: Redis when REDIS_URL is set, else this process's
// memory (architecture.md, Growing past one machine).
export interface ExpiringStore {
  set(key: string, value: string, ttlMs: number): Promise<void>
  // Atomic across processes, so it claims a nonce.
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>
  get(key: string): Promise<string | null>
  // Reads and removes in one step, so two requests can never both use a value.
  take(key: string): Promise<string | null>
  remainingMs(key: string): Promise<number>
  // The count lives ttlMs from its first increment.
  increment(key: string, ttlMs: number): Promise<number>
  delete(key: string): Promise<void>
  // Rejects when the store cannot answer now (/healthz).
  ping(): Promise<void>
  close(): Promise<void>
}

// Bounded, so a flood of captcha requests or nonces cannot grow memory. With several processes
// use Redis, or a nonce could be replayed against another process.
export function createMemoryStore(
  options: { maxEntries?: number; now?: () => number } = {},
): ExpiringStore {
  const maxEntries = options.maxEntries ?? 100_000
  const now = options.now ?? (() => Date.now())
  const entries = new Map<string, { value: string; expiresAt: number }>()
  const live = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt > now()) return entry
    entries.delete(key)
    return undefined
  }
  const put = (key: string, value: string, ttlMs: number) => {
    entries.delete(key)
    // Map keeps insertion order: the first keys are the oldest.
    for (const [oldKey, entry] of entries) {
      if (entries.size < maxEntries && entry.expiresAt > now()) break
      entries.delete(oldKey)
    }
    entries.set(key, { value, expiresAt: now() + ttlMs })
  }
  return {
    async set(key, value, ttlMs) {
      put(key, value, ttlMs)
    },
    async setIfAbsent(key, value, ttlMs) {
      if (live(key)) return false
      put(key, value, ttlMs)
      return true
    },
    async get(key) {
      return live(key)?.value ?? null
    },
    async take(key) {
      const value = live(key)?.value ?? null
      entries.delete(key)
      return value
    },
    async remainingMs(key) {
      const entry = live(key)
      return entry ? entry.expiresAt - now() : 0
    },
    async increment(key, ttlMs) {
      const entry = live(key)
      if (!entry) {
        put(key, '1', ttlMs)
        return 1
      }
      entry.value = String(Number(entry.value) + 1)
      return Number(entry.value)
    },
    async delete(key) {
      entries.delete(key)
    },
    async ping() {},
    async close() {
      entries.clear()
    },
  }
}

// INCR, and start the expiry only with the first increment: one round trip, atomic.
const INCREMENT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`

// Rejects when Redis cannot be reached: a nonce, captcha or SMS code is refused, never let through.
// The refusal is a 503 with a Chinese message in each API's envelope, within REDIS_TIMEOUT_MS:
// commands are never queued while Redis is away. Only the first connection is waited for, so
// the first requests after start are not refused.
export function createRedisStore(
  redisUrl: string,
  prefix = 'portal:',
): ExpiringStore {
  const redis = connectRedis(redisUrl, {
    keyPrefix: prefix,
    enableOfflineQueue: false,
  })
  let connecting: Promise<void> | null = once(redis, 'ready', {
    signal: AbortSignal.timeout(REDIS_TIMEOUT_MS),
  }).then(
    () => {
      connecting = null
    },
    () => {
      connecting = null
    },
  )
  async function call<T>(command: () => Promise<T>): Promise<T> {
    if (connecting) await connecting
    try {
      return await command()
    } catch (error) {
      throw new Refusal(503, MSG_SERVICE_BUSY, { cause: error })
    }
  }
  return {
    async set(key, value, ttlMs) {
      await call(() => redis.set(key, value, 'PX', ttlMs))
    },
    async setIfAbsent(key, value, ttlMs) {
      return (
        (await call(() => redis.set(key, value, 'PX', ttlMs, 'NX'))) === 'OK'
      )
    },
    get: (key) => call(() => redis.get(key)),
    take: (key) => call(() => redis.getdel(key)),
    async remainingMs(key) {
      return Math.max(0, await call(() => redis.pttl(key)))
    },
    async increment(key, ttlMs) {
      return Number(
        await call(() => redis.eval(INCREMENT, 1, key, String(ttlMs))),
      )
    },
    async delete(key) {
      await call(() => redis.del(key))
    },
    async ping() {
      await call(() => redis.ping())
    },
    close: () => closeRedis(redis),
  }
}
