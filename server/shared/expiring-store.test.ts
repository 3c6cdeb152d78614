import { randomBytes } from 'node:crypto'

import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'

import { NONCE_TTL_MS } from '#common/constants/protocol.ts'
import { createNonce } from '#common/protocol/regional-sign.ts'
import {
  createMemoryStore,
  createRedisStore,
  type ExpiringStore,
} from './expiring-store.ts'
import { hasTestRedis, TEST_REDIS_URL } from '#tests/redis.ts'

const REDIS_URL = TEST_REDIS_URL
const runRedis = hasTestRedis

/** Waits until Redis has let the key go: Redis keeps the time of its ttls itself. */
const untilGone = (store: ExpiringStore, key: string) =>
  vi.waitFor(async () => expect(await store.get(key)).toBeNull(), {
    timeout: 10_000,
    interval: 20,
  })

/**
 * A store, and how a test lets `ms` pass for a key: the memory store's clock is moved on;
 * for Redis the test waits until the key's ttl has run out.
 */
type Subject = {
  store: ExpiringStore
  pass(ms: number, key: string): Promise<void>
}
const stores: [string, () => Subject][] = [
  [
    'memory',
    () => {
      let clock = Date.now()
      return {
        store: createMemoryStore({ now: () => clock }),
        pass: async (ms) => {
          clock += ms
        },
      }
    },
  ],
]
if (runRedis)
  stores.push([
    'Redis',
    () => {
      const store = createRedisStore(
        REDIS_URL,
        `test:${randomBytes(6).toString('hex')}:`,
      )
      return { store, pass: (_ms, key) => untilGone(store, key) }
    },
  ])

describe.each(stores)('expiring store in %s', (_name, create) => {
  const { store, pass } = create()
  afterAll(() => store.close())

  it('gives a value back once with take, then nothing', async () => {
    await store.set('captcha:a', 'K7MP', 60_000)
    expect(await store.get('captcha:a')).toBe('K7MP')
    expect(await store.take('captcha:a')).toBe('K7MP')
    expect(await store.take('captcha:a')).toBeNull()
  })

  it('forgets a value when its time is up', async () => {
    await store.set('captcha:b', 'X', 150)
    expect(await store.remainingMs('captcha:b')).toBeGreaterThan(0)
    await pass(250, 'captcha:b')
    expect(await store.get('captcha:b')).toBeNull()
    expect(await store.remainingMs('captcha:b')).toBe(0)
  })

  it('sets only when absent, and tells how long the holder has left', async () => {
    expect(await store.setIfAbsent('wait:138', '1', 60_000)).toBe(true)
    expect(await store.setIfAbsent('wait:138', '1', 60_000)).toBe(false)
    const left = await store.remainingMs('wait:138')
    expect(left).toBeGreaterThan(59_000)
    expect(left).toBeLessThanOrEqual(60_000)
  })

  it('counts within a window that starts at the first increment', async () => {
    expect(await store.increment('day:138', 200)).toBe(1)
    expect(await store.increment('day:138', 200)).toBe(2)
    await pass(300, 'day:138')
    expect(await store.increment('day:138', 200)).toBe(1)
  })
})

describe('memory store bounds', () => {
  it('drops the oldest entries beyond maxEntries', async () => {
    const store = createMemoryStore({ maxEntries: 2 })
    await store.set('a', '1', 60_000)
    await store.set('b', '2', 60_000)
    await store.set('c', '3', 60_000)
    expect(await store.get('a')).toBeNull()
    expect(await store.get('c')).toBe('3')
  })
})

// The regional API claims each X-Nonce with setIfAbsent (server/regional/regional-protocol.ts).
describe('nonces in the memory store', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('accepts a nonce once and refuses it again within the ttl', async () => {
    const store = createMemoryStore()
    expect(await store.setIfAbsent('abcdefghijklmnop', '1', NONCE_TTL_MS)).toBe(
      true,
    )
    expect(await store.setIfAbsent('abcdefghijklmnop', '1', NONCE_TTL_MS)).toBe(
      false,
    )
    expect(await store.setIfAbsent('bcdefghijklmnopq', '1', NONCE_TTL_MS)).toBe(
      true,
    )
  })

  it('accepts the nonce again once the ttl has passed', async () => {
    vi.useFakeTimers()
    const store = createMemoryStore()
    expect(await store.setIfAbsent('abcdefghijklmnop', '1', 1000)).toBe(true)
    vi.advanceTimersByTime(999)
    expect(await store.setIfAbsent('abcdefghijklmnop', '1', 1000)).toBe(false)
    vi.advanceTimersByTime(2)
    expect(await store.setIfAbsent('abcdefghijklmnop', '1', 1000)).toBe(true)
  })

  it('keeps at most maxEntries nonces, dropping the oldest', async () => {
    const store = createMemoryStore({ maxEntries: 3 })
    for (const nonce of ['n1', 'n2', 'n3', 'n4'])
      expect(await store.setIfAbsent(nonce, '1', 60_000)).toBe(true)
    expect(await store.setIfAbsent('n4', '1', 60_000)).toBe(false)
    expect(await store.setIfAbsent('n1', '1', 60_000)).toBe(true)
  })
})

describe(
  runRedis
    ? 'nonces in the Redis store'
    : `nonces in the Redis store (skipped: no Redis at ${REDIS_URL})`,
  () => {
    const prefix = `test:nonce:${createNonce()}:`

    it.skipIf(!runRedis)(
      'refuses a nonce claimed by another process, until the ttl passes',
      async () => {
        const first = createRedisStore(REDIS_URL, prefix)
        const second = createRedisStore(REDIS_URL, prefix)
        try {
          const nonce = createNonce()
          expect(await first.setIfAbsent(nonce, '1', 300)).toBe(true)
          expect(await second.setIfAbsent(nonce, '1', 300)).toBe(false)
          expect(await first.setIfAbsent(createNonce(), '1', 300)).toBe(true)
          await untilGone(second, nonce)
          expect(await second.setIfAbsent(nonce, '1', 300)).toBe(true)
        } finally {
          await Promise.all([first.close(), second.close()])
        }
      },
    )

    it.skipIf(!runRedis)(
      'rejects a claim when Redis cannot be reached, instead of letting it pass',
      async () => {
        const store = createRedisStore('redis://127.0.0.1:1', prefix)
        try {
          await expect(
            store.setIfAbsent(createNonce(), '1', 1000),
          ).rejects.toThrow()
        } finally {
          await store.close()
        }
      },
    )
  },
)
