import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'

import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { MSG_SERVICE_BUSY } from '#common/messages.ts'
import { portalSign } from '#common/protocol/portal-sign.ts'
import { testConfig } from '#tests/app-config.ts'
import { solvedCaptcha } from '#tests/captcha-helper.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { type OwnRedis, startOwnRedis } from '#tests/redis.ts'
import { regionalRequest } from '#tests/signed-requests.ts'
import { buildTestApp } from '#tests/test-app.ts'

// Generous against the 1 s the calls are allowed (a shared, loaded machine), and well under the
// 0.9-15 s the old connection settings took. Measured with the monotonic clock around the call.
const ANSWER_BOUND_MS = 3000

describe('the portal while its Redis is away', () => {
  let test: TestDatabase
  let app: FastifyInstance
  let redis: OwnRedis
  const config = testConfig('')
  let address = 0

  beforeAll(async () => {
    redis = await startOwnRedis()
    test = await createTestDatabase('sqlite')
    app = await buildTestApp(test, {
      config: { redisUrl: redis.url, testHooks: true },
      rateLimitPrefix: `test:${randomUUID()}:`,
      contentChangesChannel: `test:${randomUUID()}`,
    })
  })
  afterAll(async () => {
    await app?.close()
    await redis?.kill()
    await test?.destroy()
  })

  async function timed(options: InjectOptions | string) {
    const started = performance.now()
    const response = await app.inject(options)
    return { response, ms: performance.now() - started }
  }
  const captcha = () =>
    timed(
      regionalRequest('GET', `/xjApi/api/xjslts/img/code?t=${randomUUID()}`),
    )
  const tenderProjects = () =>
    timed(
      regionalRequest('GET', '/xjApi/api/xjslts/tender/project/page?pageNo=1'),
    )
  async function feedback(solved: { captchaId: string; captcha: string }) {
    const body = {
      name: '周立群',
      phone: '13611112222',
      title: 'Redis 中断时的留言',
      content: '建议在公开的处理结果中写明各环节的办理期限。',
      ...solved,
      ts: Date.now(),
    }
    return timed({
      method: 'POST',
      url: '/JdPortalApi/Complaint/Feedback',
      payload: body,
      remoteAddress: `10.9.0.${++address}`,
      headers: { 'x-sign': await portalSign(body, config.portalApiSecret) },
    })
  }

  it('says Redis is down in /healthz, refuses its calls with 503 within a second, and recovers by itself', async () => {
    const healthy = await app.inject('/healthz')
    expect(healthy.statusCode).toBe(200)
    expect(healthy.json()).toEqual({
      status: 'ok',
      parts: { database: 'ok', redis: 'ok', storage: 'ok' },
    })
    expect((await captcha()).response.statusCode).toBe(200)
    const solved = await solvedCaptcha(app)

    await redis.kill()

    const health = await timed('/healthz')
    expect(health.response.statusCode).toBe(503)
    expect(health.response.json()).toEqual({
      status: 'down',
      parts: { database: 'ok', redis: 'down', storage: 'ok' },
    })
    expect(health.ms).toBeLessThan(ANSWER_BOUND_MS)

    // The regional API: the captcha itself, and any call (its nonce is kept in Redis).
    for (const call of [captcha, tenderProjects]) {
      const { response, ms } = await call()
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({
        Success: false,
        State: 503,
        Msg: MSG_SERVICE_BUSY,
      })
      expect(ms).toBeLessThan(ANSWER_BOUND_MS)
    }
    // The Portal API: a message checked against a captcha kept in Redis.
    const refused = await feedback(solved)
    expect(refused.response.statusCode).toBe(503)
    expect(refused.response.json()).toEqual({
      State: 503,
      Msg: MSG_SERVICE_BUSY,
    })
    expect(refused.ms).toBeLessThan(ANSWER_BOUND_MS)

    await redis.start()

    await vi.waitFor(
      async () => expect((await app.inject('/healthz')).statusCode).toBe(200),
      { timeout: 15_000, interval: 100 },
    )
    expect((await captcha()).response.statusCode).toBe(200)
    expect((await tenderProjects()).response.statusCode).toBe(200)
    // The restarted Redis kept nothing: a new captcha, and the message goes through.
    const accepted = await feedback(await solvedCaptcha(app))
    expect(accepted.response.statusCode).toBe(200)
  })
})
