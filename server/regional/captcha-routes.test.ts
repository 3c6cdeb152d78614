import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { loadConfig } from '#server/shared/config.ts'
import { testConfig } from '#tests/app-config.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { regionalRequest } from '#tests/signed-requests.ts'
import { buildTestApp } from '#tests/test-app.ts'
import {
  CAPTCHA_CHARACTERS,
  solveCaptcha,
} from '#server/complaints/filing/captcha.ts'
import { createMemoryStore } from '#server/shared/expiring-store.ts'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const captchaUrl = (t: string) => `/xjApi/api/xjslts/img/code?t=${t}`

describe('image captcha', () => {
  let test: TestDatabase
  const apps: FastifyInstance[] = []
  const build = async (overrides: Parameters<typeof testConfig>[1] = {}) => {
    const app = await buildTestApp(test, {
      config: overrides,
    })
    apps.push(app)
    return app
  }

  beforeAll(async () => {
    test = await createTestDatabase('sqlite')
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await test.destroy()
  })

  it('answers a PNG image, never cached', async () => {
    const app = await build()
    const response = await app.inject(
      regionalRequest('GET', captchaUrl('a1b2c3d4e5f6')),
    )
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/png')
    expect(response.headers['cache-control']).toBe('no-store')
    const png = response.rawPayload
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    // IHDR: 240 × 80 pixels, twice the 120 × 40 it is shown at.
    expect(png.readUInt32BE(16)).toBe(240)
    expect(png.readUInt32BE(20)).toBe(80)
  })

  it('refuses an id that is missing or malformed, in Chinese', async () => {
    const app = await build()
    for (const url of [
      '/xjApi/api/xjslts/img/code',
      captchaUrl('short'),
      captchaUrl('has%20space%20inside'),
    ]) {
      const response = await app.inject(regionalRequest('GET', url))
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        Success: false,
        State: 400,
        Msg: '验证码标识无效，请刷新验证码',
      })
    }
  })

  it('has no test hook unless PORTAL_TEST_HOOKS=1, also in production', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'config-'))
    try {
      expect(
        loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }).testHooks,
      ).toBe(false)
      expect(
        loadConfig({ DATA_DIR: dataDir, PORTAL_TEST_HOOKS: 'true' }).testHooks,
      ).toBe(false)
      expect(
        loadConfig({
          NODE_ENV: 'production',
          DATA_DIR: dataDir,
          PORTAL_TEST_HOOKS: '1',
        }).testHooks,
      ).toBe(true)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
    const app = await build()
    await app.inject(regionalRequest('GET', captchaUrl('nohook12345')))
    const response = await app.inject({
      url: '/__test__/captcha?t=nohook12345',
    })
    expect(response.statusCode).toBe(404)
  })

  it('with the test hook, tells the current answer', async () => {
    const app = await build({ testHooks: true })
    await app.inject(regionalRequest('GET', captchaUrl('hook12345678')))
    const { answer } = (
      await app.inject({ url: '/__test__/captcha?t=hook12345678' })
    ).json()
    expect(answer).toMatch(new RegExp(`^[${CAPTCHA_CHARACTERS}]{4}$`))
  })

  it('shares answers between processes through Redis', async () => {
    const [first, second] = [
      await build({ redisUrl: REDIS_URL, testHooks: true }),
      await build({ redisUrl: REDIS_URL, testHooks: true }),
    ]
    const t = `redis${Date.now()}`
    await first!.inject(regionalRequest('GET', captchaUrl(t)))
    const { answer } = (
      await second!.inject({ url: `/__test__/captcha?t=${t}` })
    ).json()
    expect(answer).toMatch(/^[A-Z0-9]{4}$/)
  })
})

describe('solveCaptcha', () => {
  it('accepts the answer in any case once, and a wrong guess uses the captcha up', async () => {
    const store = createMemoryStore()
    await store.set('captcha:abcdefgh', 'K7MP', 60_000)
    expect(await solveCaptcha(store, 'abcdefgh', ' k7mp ')).toBe(true)
    expect(await solveCaptcha(store, 'abcdefgh', 'K7MP')).toBe(false)
    await store.set('captcha:abcdefgh', 'K7MP', 60_000)
    expect(await solveCaptcha(store, 'abcdefgh', 'K7MX')).toBe(false)
    expect(await solveCaptcha(store, 'abcdefgh', 'K7MP')).toBe(false)
  })

  it('refuses an answer after five minutes', async () => {
    const store = createMemoryStore()
    await store.set('captcha:abcdefgh', 'K7MP', 1)
    await new Promise((r) => setTimeout(r, 5))
    expect(await solveCaptcha(store, 'abcdefgh', 'K7MP')).toBe(false)
  })
})
