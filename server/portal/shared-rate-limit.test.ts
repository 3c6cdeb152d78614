import { randomBytes } from 'node:crypto'

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { portalSign } from '#common/protocol/portal-sign.ts'
import { testConfig } from '#tests/app-config.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { hasTestRedis, TEST_REDIS_URL } from '#tests/redis.ts'
import { buildTestApp } from '#tests/test-app.ts'

const config = testConfig('')

/** A feedback from one address with nothing filled in: refused, but counted (a write). */
async function writeFrom(app: FastifyInstance, address: string) {
  const body = { ts: Date.now() }
  const response = await app.inject({
    method: 'POST',
    url: '/JdPortalApi/Complaint/Feedback',
    payload: body,
    remoteAddress: address,
    headers: { 'x-sign': await portalSign(body, config.portalApiSecret) },
  })
  return response.statusCode
}

describe('rate limits of several processes', () => {
  let t: TestDatabase
  const apps: FastifyInstance[] = []

  beforeAll(async () => {
    t = await createTestDatabase('sqlite')
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await t?.destroy()
  })

  /** Two processes of one portal: with Redis both count into the same keys. */
  async function twoPortals(redisUrl?: string) {
    const prefix = `test:rate-limit:${randomBytes(6).toString('hex')}:`
    const options = { config: { redisUrl }, rateLimitPrefix: prefix }
    const pair = [
      await buildTestApp(t, options),
      await buildTestApp(t, options),
    ] as const
    apps.push(...pair)
    return pair
  }

  it.runIf(hasTestRedis)(
    'count together through Redis: five writes a minute from an address across both, not five each',
    async () => {
      const [one, other] = await twoPortals(TEST_REDIS_URL)
      const statuses = []
      for (let i = 0; i < 6; i++)
        statuses.push(await writeFrom(i % 2 ? other : one, '10.7.0.1'))
      // Five refused for their empty fields (but counted), the sixth over the limit.
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429])
      expect(await writeFrom(one, '10.7.0.1')).toBe(429)
      // Another address has its own count; another limit (unknown addresses) its own too.
      expect(await writeFrom(other, '10.7.0.2')).toBe(400)
      expect(
        (await one.inject({ url: '/no-such-page', remoteAddress: '10.7.0.1' }))
          .statusCode,
      ).toBe(404)
    },
  )

  it('count in each process while Redis cannot be reached, refusing nobody for it', async () => {
    // Nothing listens on port 1: the limiter starts anyway and counts in memory.
    const [one] = await twoPortals('redis://127.0.0.1:1')
    for (let i = 0; i < 5; i++)
      expect(await writeFrom(one, '10.7.2.1')).toBe(400)
    expect(await writeFrom(one, '10.7.2.1')).toBe(429)
  })

  it('count per process without Redis, as before', async () => {
    const [one, other] = await twoPortals(undefined)
    for (let i = 0; i < 5; i++)
      expect(await writeFrom(one, '10.7.1.1')).toBe(400)
    expect(await writeFrom(one, '10.7.1.1')).toBe(429)
    expect(await writeFrom(other, '10.7.1.1')).toBe(400)
  })
})
