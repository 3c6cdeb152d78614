import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const form = (fields: Record<string, string>) =>
  new URLSearchParams(fields).toString()

describe('the top bar’s switch of the 适老化 mode (POST /display-mode)', () => {
  let test: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    test = await createTestDatabase('sqlite', { isEmpty: true })
    app = await buildTestApp(test)
  })
  afterAll(async () => {
    await app?.close()
    await test?.destroy()
  })

  const post = (payload: string, headers: Record<string, string> = FORM) =>
    app.inject({ method: 'POST', url: '/display-mode', headers, payload })

  it('keeps the mode in a cookie and sends the browser back to the page it came from', async () => {
    const answer = await post(
      form({ mode: 'elder', back: '/index/newList?page=2&keyword=水利' }),
    )
    expect(answer.statusCode).toBe(303)
    expect(answer.headers.location).toBe(
      `/index/newList?page=2&keyword=${encodeURIComponent('水利')}`,
    )
    expect(answer.headers['set-cookie']).toBe(
      'display-mode=elder; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax',
    )
    expect(answer.headers['cache-control']).toBe('no-store')
  })

  it('forgets the cookie when switched back to the standard look', async () => {
    const answer = await post(form({ mode: 'standard', back: '/search' }), {
      ...FORM,
      cookie: 'display-mode=elder',
    })
    expect(answer.statusCode).toBe(303)
    expect(answer.headers.location).toBe('/search')
    expect(answer.headers['set-cookie']).toBe(
      'display-mode=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    )
  })

  it('takes the form as a page’s script posts it (charset given)', async () => {
    const answer = await post(form({ mode: 'elder', back: '/' }), {
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
    })
    expect(answer.statusCode).toBe(303)
    expect(answer.headers.location).toBe('/')
  })

  it('refuses to return to another site, with a Chinese page, and sets nothing', async () => {
    for (const back of [
      'https://evil.example/',
      '//evil.example/index/new',
      '/\\evil.example/',
      'javascript:alert(1)',
      '/index/new\r\nSet-Cookie: x=1',
    ]) {
      const answer = await post(form({ mode: 'elder', back }))
      expect(answer.statusCode, back).toBe(400)
      expect(answer.headers.location).toBeUndefined()
      expect(answer.headers['set-cookie']).toBeUndefined()
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(answer.body).toContain('<title>无法切换显示模式</title>')
      expect(answer.body).toContain('返回地址无效')
      expect(answer.body).toContain('<a href="/">返回首页</a>')
    }
  })

  it('refuses a mode it does not know, a missing field and a body that is not the form', async () => {
    const unknown = await post(form({ mode: 'large', back: '/' }))
    expect(unknown.statusCode).toBe(400)
    expect(unknown.body).toContain('显示模式无效')
    expect(unknown.headers['set-cookie']).toBeUndefined()

    const missing = await post(form({ mode: 'elder' }))
    expect(missing.statusCode).toBe(400)
    expect(missing.body).toContain('返回地址无效')

    const json = await post(JSON.stringify({ mode: 'elder', back: '/' }), {
      'content-type': 'application/json',
    })
    expect(json.statusCode).toBe(415)
    expect(json.headers['set-cookie']).toBeUndefined()
    expect(json.body).toContain('无法切换显示模式')

    const large = await post(
      form({ mode: 'elder', back: `/${'a'.repeat(5000)}` }),
    )
    expect(large.statusCode).toBe(413)
    expect(large.headers['set-cookie']).toBeUndefined()
  })

  it('makes the cookie Secure when a trusted proxy says the visit came over TLS', async () => {
    const behindProxy = await buildTestApp(test, {
      config: { trustProxy: ['10.0.0.5'] },
    })
    try {
      const answer = (remoteAddress: string) =>
        behindProxy.inject({
          method: 'POST',
          url: '/display-mode',
          remoteAddress,
          headers: { ...FORM, 'x-forwarded-proto': 'https' },
          payload: form({ mode: 'elder', back: '/' }),
        })
      expect((await answer('10.0.0.5')).headers['set-cookie']).toMatch(
        /; Secure$/,
      )
      expect((await answer('203.0.113.9')).headers['set-cookie']).not.toMatch(
        /Secure/,
      )
    } finally {
      await behindProxy.close()
    }
  })
})
