import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit'
import type { Redis } from 'ioredis'

import { createMemoryStore } from './expiring-store.ts'

// INCR, start the window with the first request of it, and say how long it has left: one
// round trip, atomic, so every process counts into the same window.
const COUNT = `local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`

type Log = { warn(object: object, message: string): void }

type LimiterOptions = {
  routeInfo?: { method?: string | string[]; url?: string }
  groupId?: string
}

// Without a route or a groupId two limiters would count together in Redis, so such a limiter
// stops the start instead.
function limiterName(options: LimiterOptions): string {
  const { routeInfo, groupId } = options
  if (routeInfo?.url)
    return `${[routeInfo.method ?? ''].flat().join(',')}${routeInfo.url}`
  if (groupId) return groupId
  throw new Error(
    'app.rateLimit() without a groupId: with REDIS_URL its count would mix with other limiters',
  )
}

// In Redis a limit of 5 a minute is 5 across the cluster, not per process. When Redis cannot be
// reached a request is counted in memory rather than let through uncounted or refused.
export function sharedRateLimitStore(
  redis: Redis,
  { prefix, log }: { prefix: string; log: Log },
): FastifyRateLimitStoreCtor {
  const fallback = createMemoryStore({ maxEntries: 50_000 })
  let lastWarning = 0
  const count = (key: string, windowMs: number) =>
    redis.eval(COUNT, 1, key, String(windowMs)) as Promise<[number, number]>

  class SharedStore implements FastifyRateLimitStore {
    readonly namespace: string
    constructor(_options?: unknown, namespace = prefix) {
      this.namespace = namespace
    }

    incr(
      address: string,
      callback: (
        error: Error | null,
        result?: { current: number; ttl: number },
      ) => void,
      timeWindow: number,
    ): void {
      const key = `${this.namespace}${address}`
      count(key, timeWindow)
        .then(([current, ttl]) => ({ current, ttl }))
        .catch(async (error: unknown) => {
          if (Date.now() - lastWarning > 60_000) {
            lastWarning = Date.now()
            log.warn(
              { err: error },
              'rate limits counted per process: Redis cannot be reached',
            )
          }
          const current = await fallback.increment(key, timeWindow)
          return { current, ttl: await fallback.remainingMs(key) }
        })
        .then(
          (result) => callback(null, result),
          (error: Error) => callback(error),
        )
    }

    child(options: unknown): FastifyRateLimitStore {
      return new SharedStore(
        undefined,
        `${prefix}${limiterName(options as LimiterOptions)}:`,
      )
    }
  }
  return SharedStore
}
