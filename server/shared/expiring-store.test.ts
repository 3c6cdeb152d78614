import { randomBytes } from 'node:crypto'
import net from 'node:net'

import { afterAll, describe, expect, it } from 'vitest'

import {
  createMemoryStore,
  createRedisStore,
  type ExpiringStore,
} from './expiring-store.ts'

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

// In CI Redis is part of the environment: an unreachable Redis fails instead of skipping.
const runRedis = process.env.CI === 'true' || (await isReachable(REDIS_URL))
const stores: [string, () => ExpiringStore][] = [
  ['memory', () => createMemoryStore()],
]
if (runRedis)
  stores.push([
    'Redis',
    () =>
      createRedisStore(REDIS_URL, `test:${randomBytes(6).toString('hex')}:`),
  ])
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe.each(stores)('expiring store in %s', (_name, create) => {
  const store = create()
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
    await sleep(250)
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
    await sleep(300)
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
