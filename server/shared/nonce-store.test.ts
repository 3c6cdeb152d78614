import net from 'node:net'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { NONCE_TTL_MS } from '#common/constants/protocol.ts'
import { createNonce } from '#common/protocol/regional-sign.ts'
import { createMemoryNonceStore, createRedisNonceStore } from './nonce-store.ts'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

async function isReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({
      host: hostname,
      port: Number(port || 6379),
      timeout: 1000,
    })
    socket.once('connect', () => {
      socket.end()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => resolve(false))
  })
}

// In CI Redis is part of the environment: an unreachable Redis fails the test instead of skipping.
const runRedis = process.env.CI === 'true' || (await isReachable(REDIS_URL))
const redisTitle = runRedis
  ? 'Redis nonce store'
  : `Redis nonce store (skipped: no Redis at ${REDIS_URL})`

afterEach(() => {
  vi.useRealTimers()
})

describe('memory nonce store', () => {
  it('accepts a nonce once and refuses it again within the ttl', async () => {
    const store = createMemoryNonceStore()
    expect(await store.claim('abcdefghijklmnop', NONCE_TTL_MS)).toBe(true)
    expect(await store.claim('abcdefghijklmnop', NONCE_TTL_MS)).toBe(false)
    expect(await store.claim('bcdefghijklmnopq', NONCE_TTL_MS)).toBe(true)
  })

  it('accepts the nonce again once the ttl has passed', async () => {
    vi.useFakeTimers()
    const store = createMemoryNonceStore()
    expect(await store.claim('abcdefghijklmnop', 1000)).toBe(true)
    vi.advanceTimersByTime(999)
    expect(await store.claim('abcdefghijklmnop', 1000)).toBe(false)
    vi.advanceTimersByTime(2)
    expect(await store.claim('abcdefghijklmnop', 1000)).toBe(true)
  })

  it('keeps at most maxEntries nonces, dropping the oldest', async () => {
    const store = createMemoryNonceStore({ maxEntries: 3 })
    for (const nonce of ['n1', 'n2', 'n3', 'n4'])
      expect(await store.claim(nonce, 60_000)).toBe(true)
    expect(await store.claim('n4', 60_000)).toBe(false)
    expect(await store.claim('n1', 60_000)).toBe(true)
  })
})

describe(redisTitle, () => {
  const prefix = `test:nonce:${createNonce()}:`

  it.skipIf(!runRedis)(
    'refuses a nonce claimed by another process, until the ttl passes',
    async () => {
      const first = createRedisNonceStore(REDIS_URL, prefix)
      const second = createRedisNonceStore(REDIS_URL, prefix)
      try {
        const nonce = createNonce()
        expect(await first.claim(nonce, 300)).toBe(true)
        expect(await second.claim(nonce, 300)).toBe(false)
        expect(await first.claim(createNonce(), 300)).toBe(true)
        await new Promise((resolve) => setTimeout(resolve, 400))
        expect(await second.claim(nonce, 300)).toBe(true)
      } finally {
        await Promise.all([first.close(), second.close()])
      }
    },
  )

  it.skipIf(!runRedis)(
    'rejects a claim when Redis cannot be reached, instead of letting it pass',
    async () => {
      const store = createRedisNonceStore('redis://127.0.0.1:1', prefix)
      try {
        await expect(store.claim(createNonce(), 1000)).rejects.toThrow()
      } finally {
        await store.close()
      }
    },
  )
})
