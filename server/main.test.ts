import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { portalSign } from '#common/protocol/portal-sign.ts'
import { testConfig } from '#tests/app-config.ts'
import { decryptWithNode } from '#tests/decrypt-with-node.ts'
import {
  createTestDatabase,
  type TestDatabase,
  testEngines,
} from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'

describe.each(testEngines)('the portal app on %s', (engine) => {
  let test: TestDatabase
  let app: FastifyInstance
  const config = testConfig('')

  async function call(path: string, body: Record<string, unknown>) {
    const params = { ...body, ts: Date.now() }
    const sign = await portalSign(params, config.portalApiSecret)
    return app.inject({
      method: 'POST',
      url: `/JdPortalApi${path}`,
      headers: { 'content-type': 'application/json', 'x-sign': sign },
      payload: params,
    })
  }

  beforeAll(async () => {
    test = await createTestDatabase(engine)
    app = await buildTestApp(test)
  })
  afterAll(async () => {
    await app?.close()
    await test?.destroy()
  })

  it('serves a signed page of ten notices and industry news, newest first, encrypted', async () => {
    const response = await call('/Article/PageList', {
      pageNo: 1,
      pageSize: 10,
      ctype: '1073,1001',
    })
    expect(response.statusCode).toBe(200)
    const envelope = response.json<{
      State: number
      Msg: string
      Data: string
    }>()
    expect(envelope.State).toBe(200)
    const page = decryptWithNode(envelope.Data, config.portalAesKey) as {
      Table: { publishTime: string; categoryId: number; content?: string }[]
      Total: number
    }
    expect(page.Table).toHaveLength(10)
    expect(page.Total).toBeGreaterThan(10)
    expect(page.Table.every((a) => [1073, 1001].includes(a.categoryId))).toBe(
      true,
    )
    expect(page.Table.every((a) => a.content === undefined)).toBe(true)
    const times = page.Table.map((a) => a.publishTime)
    expect([...times].sort().reverse()).toEqual(times)
  })

  it('answers a missing article with State 404 and a Chinese message', async () => {
    const response = await call('/Article/Detail', { id: 99_999_999 })
    expect(response.json()).toMatchObject({ State: 404 })
    expect(response.json<{ Msg: string }>().Msg).toMatch(/[\u4e00-\u9fa5]/)
  })

  it('serves the footer link groups on the link API', async () => {
    for (const type of [1, 6, 3, 4]) {
      const response = await call('/linkConfiguration/SearchByPlatformType', {
        type,
      })
      const group = decryptWithNode(
        response.json<{ Data: string }>().Data,
        config.portalAesKey,
      ) as {
        type: number
        children: { ADDRESS: string; TITLE: string }[]
      }
      expect(group.type).toBe(type)
      expect(group.children.length).toBeGreaterThan(0)
      expect(group.children.every((c) => /^https?:\/\//.test(c.ADDRESS))).toBe(
        true,
      )
    }
  })

  it('marks API answers as never sniffed, stored or read cross-origin', async () => {
    const response = await call('/Article/PageList', { pageNo: 1 })
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin')
  })

  it('refuses a request signed with another secret and keeps serving', async () => {
    const params = { pageNo: 1, ts: Date.now() }
    const refused = await app.inject({
      method: 'POST',
      url: '/JdPortalApi/Article/PageList',
      headers: {
        'x-sign': await portalSign(params, 'another-secret-0123456789'),
      },
      payload: params,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ State: 400 })
    expect((await call('/Article/PageList', { pageNo: 1 })).statusCode).toBe(
      200,
    )
  })

  it('reports health, the deployed version uncached, and security headers', async () => {
    const health = await app.inject('/healthz')
    expect(health.json()).toEqual({
      status: 'ok',
      parts: { database: 'ok', storage: 'ok' },
    })
    const version = await app.inject('/version.json?t=1')
    expect(version.headers['cache-control']).toContain('no-store')
    expect(version.json()).toHaveProperty('version')
    expect(health.headers['x-content-type-options']).toBe('nosniff')
    expect(health.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it('answers an unknown path under each API with a Chinese 404', async () => {
    for (const url of [
      '/JdPortalApi/No/Such',
      '/xjApi/api/no/such',
      '/staff-api/no/such',
    ]) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.json<{ message: string }>().message).toMatch(
        /[\u4e00-\u9fa5]/,
      )
    }
  })

  it('answers an unknown API path with a Chinese 404 and limits how often', async () => {
    // From an address of its own: the limit it reaches must not refuse the other tests.
    const remoteAddress = '10.0.0.129'
    const first = await app.inject({
      method: 'POST',
      url: '/no/such/api',
      remoteAddress,
    })
    expect(first.statusCode).toBe(404)
    expect(first.json<{ message: string }>().message).toMatch(/[\u4e00-\u9fa5]/)
    let status = 404
    for (let i = 0; i < 130 && status === 404; i++) {
      status = (
        await app.inject({
          method: 'POST',
          url: `/no/such/api/${i}`,
          remoteAddress,
        })
      ).statusCode
    }
    expect(status).toBe(429)
    // Another address is still answered.
    expect(
      (await app.inject({ method: 'POST', url: '/no/such/api' })).statusCode,
    ).toBe(404)
  })
})
