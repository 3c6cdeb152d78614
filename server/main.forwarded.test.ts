import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { portalSignNode } from '#server/portal/server-crypto.ts'
import { testConfig } from '#tests/app-config.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { portalUpload, regionalRequest } from '#tests/signed-requests.ts'
import { buildTestApp } from '#tests/test-app.ts'
import { multipartBody } from '#tests/upload-samples.ts'

const config = testConfig('')
const PROXY = '10.0.0.5'
const ATTACKER = '203.0.113.9'

/** Per-address limits of the anonymous services: how many a minute, and one such request. */
const limits: [string, number, () => InjectOptions][] = [
  [
    'query-code guesses on tsbhcx',
    30,
    () =>
      regionalRequest(
        'GET',
        '/xjApi/api/xjslts/tsbhcx?complaintNo=202501019999&queryCode=ABCDEFGHJKMN',
      ),
  ],
  [
    'SMS codes',
    20,
    () => regionalRequest('POST', '/xjApi/api/xjslts/sms/code', { json: {} }),
  ],
  [
    'complaint submissions (zxtstj)',
    10,
    () => regionalRequest('POST', '/xjApi/api/xjslts/zxtstj', { json: {} }),
  ],
  [
    'complaint file uploads (cfs)',
    30,
    () =>
      regionalRequest('POST', '/xjApi/api/xjslts/complaint/file/cfs', {
        multipart: multipartBody([
          { field: 'file', name: '空.pdf', content: '' },
        ]),
      }),
  ],
  [
    'Portal uploads',
    30,
    () =>
      portalUpload(
        '/File/Upload',
        multipartBody([{ field: 'file', name: '空.pdf', content: '' }]),
      ),
  ],
  [
    'Portal feedback messages',
    5,
    () => {
      const body = { ts: Date.now(), name: '张三' }
      return {
        method: 'POST',
        url: '/JdPortalApi/Complaint/Feedback',
        payload: body,
        headers: { 'x-sign': portalSignNode(body, config.portalApiSecret) },
      }
    },
  ],
]

let serial = 0
/** `request` from TCP peer `peer`, claiming to forward for `forwarded`. */
function from(
  request: InjectOptions,
  peer: string,
  forwarded?: string,
): InjectOptions {
  const headers = { ...(request.headers as Record<string, string>) }
  if (forwarded) headers['x-forwarded-for'] = forwarded
  return { ...request, headers, remoteAddress: peer }
}
const forgedAddress = () =>
  `198.51.100.${++serial % 250}, 192.0.2.${serial % 250}`

describe('per-address limits without a configured proxy', () => {
  let test: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    test = await createTestDatabase('sqlite')
    app = await buildTestApp(test)
  })
  afterAll(async () => {
    await app?.close()
    await test?.destroy()
  })

  it.each(limits)(
    'holds for %s whatever X-Forwarded-For says (%i a minute)',
    async (_name, max, request) => {
      const peer = ATTACKER
      for (let i = 0; i < max; i++) {
        const response = await app.inject(
          from(request(), peer, forgedAddress()),
        )
        expect(response.statusCode).not.toBe(429)
      }
      const limited = await app.inject(from(request(), peer, forgedAddress()))
      expect(limited.statusCode).toBe(429)
    },
  )

  it('never opens /metrics to a forged X-Forwarded-For', async () => {
    const forged = await app.inject(
      from({ url: '/metrics' }, ATTACKER, `127.0.0.1, ${ATTACKER}`),
    )
    expect(forged.statusCode).toBe(401)
    expect(forged.json<{ message: string }>().message).toMatch(
      /[\u4e00-\u9fff]/,
    )
    const forwardedOnly = await app.inject(
      from({ url: '/metrics' }, ATTACKER, '127.0.0.1'),
    )
    expect(forwardedOnly.statusCode).toBe(401)
  })

  it('serves /metrics only with the staff token, from anywhere', async () => {
    const local = await app.inject(from({ url: '/metrics' }, '127.0.0.1'))
    expect(local.statusCode).toBe(401)
    const wrong = await app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token' },
      remoteAddress: ATTACKER,
    })
    expect(wrong.statusCode).toBe(401)
    const withToken = await app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${config.staffApiToken}` },
      remoteAddress: ATTACKER,
    })
    expect(withToken.statusCode).toBe(200)
    expect(withToken.body).toContain('http_request_duration_seconds')
  })

  it('times the requests of every route in /metrics', async () => {
    const read = async () =>
      (
        await app.inject({
          url: '/metrics',
          headers: { authorization: `Bearer ${config.staffApiToken}` },
        })
      ).body
    const count = (body: string) =>
      Number(
        /^http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} (\d+)$/m.exec(
          body,
        )?.[1] ?? 0,
      )
    const before = count(await read())
    for (let i = 0; i < 3; i++)
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200)
    expect(count(await read())).toBe(before + 3)
  })
})

describe('per-address limits behind a configured proxy (TRUST_PROXY)', () => {
  let test: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    test = await createTestDatabase('sqlite')
    app = await buildTestApp(test, {
      config: { trustProxy: [PROXY, '192.168.10.0/24'] },
    })
  })
  afterAll(async () => {
    await app?.close()
    await test?.destroy()
  })

  const [, max, lookUp] = limits[0]!

  it('counts each visitor the trusted proxy forwards for on its own', async () => {
    for (let i = 0; i < max; i++) {
      const response = await app.inject(from(lookUp(), PROXY, '198.51.100.1'))
      expect(response.statusCode).not.toBe(429)
    }
    const limited = await app.inject(from(lookUp(), PROXY, '198.51.100.1'))
    expect(limited.statusCode).toBe(429)
    // Another visitor behind the same proxy, or behind another proxy of the configured range.
    const other = await app.inject(from(lookUp(), PROXY, '198.51.100.2'))
    expect(other.statusCode).not.toBe(429)
    const sameVisitor = await app.inject(
      from(lookUp(), '192.168.10.7', '198.51.100.1'),
    )
    expect(sameVisitor.statusCode).toBe(429)
  })

  it('takes the address the proxy saw, not what the visitor wrote before it', async () => {
    for (let i = 0; i < max; i++) {
      const response = await app.inject(
        from(lookUp(), PROXY, `${forgedAddress()}, 198.51.100.3`),
      )
      expect(response.statusCode).not.toBe(429)
    }
    const limited = await app.inject(
      from(lookUp(), PROXY, `127.0.0.1, 198.51.100.3`),
    )
    expect(limited.statusCode).toBe(429)
  })

  it('ignores X-Forwarded-For from a peer that is not a configured proxy', async () => {
    for (let i = 0; i < max; i++) {
      const response = await app.inject(
        from(lookUp(), ATTACKER, forgedAddress()),
      )
      expect(response.statusCode).not.toBe(429)
    }
    const limited = await app.inject(from(lookUp(), ATTACKER, forgedAddress()))
    expect(limited.statusCode).toBe(429)
  })

  it('never opens /metrics to a forged X-Forwarded-For, through the proxy or not', async () => {
    for (const [peer, forwarded] of [
      [PROXY, '127.0.0.1'],
      [ATTACKER, `127.0.0.1, ${ATTACKER}`],
      ['127.0.0.1', '127.0.0.1'],
    ] as const) {
      const response = await app.inject(
        from({ url: '/metrics' }, peer, forwarded),
      )
      expect(response.statusCode).toBe(401)
    }
  })
})
