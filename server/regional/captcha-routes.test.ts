import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { MSG_CAPTCHA_WRONG } from '#common/messages.ts'

import { loadConfig } from '#server/shared/config.ts'
import { testConfig } from '#tests/app-config.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { regionalRequest } from '#tests/signed-requests.ts'
import { buildTestApp } from '#tests/test-app.ts'
import {
  CAPTCHA_TTL_MS,
  solveCaptcha,
} from '#server/complaints/filing/captcha.ts'
import { AUDIO_CAPTCHA_DIGITS } from '#server/complaints/filing/captcha-audio.ts'
import { CAPTCHA_CHARACTERS } from '#server/complaints/filing/captcha-image.ts'
import { createMemoryStore } from '#server/shared/expiring-store.ts'
import { createLogSmsSender } from '#server/shared/sms-sender.ts'
import { CAPTCHAS_PER_MINUTE } from './captcha-routes.ts'

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
    // IHDR: 336 × 112 pixels, twice the 168 × 56 it is shown at (it was 120 × 40).
    expect(png.readUInt32BE(16)).toBe(336)
    expect(png.readUInt32BE(20)).toBe(112)
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

  it('refuses an unknown kind, in Chinese', async () => {
    const app = await build()
    const response = await app.inject(
      regionalRequest('GET', `${captchaUrl('kind12345678')}&kind=video`),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().Msg).toBe('验证码类型无效')
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
    let clock = Date.now()
    const store = createMemoryStore({ now: () => clock })
    await store.set('captcha:abcdefgh', 'K7MP', CAPTCHA_TTL_MS)
    clock += CAPTCHA_TTL_MS
    expect(await solveCaptcha(store, 'abcdefgh', 'K7MP')).toBe(false)
  })
})

describe('refreshing and the spoken captcha', () => {
  let test: TestDatabase
  let app: FastifyInstance
  let address = 0
  let phoneSerial = 0
  const sms = createLogSmsSender({ info() {} })
  const nextPhone = () =>
    `136${String(Date.now() % 1e5).padStart(5, '0')}${String(++phoneSerial).padStart(3, '0')}`

  beforeAll(async () => {
    test = await createTestDatabase('sqlite')
    app = await buildTestApp(test, { config: { testHooks: true }, sms })
  })
  afterAll(async () => {
    vi.useRealTimers()
    await app.close()
    await test.destroy()
  })

  /** Each test asks from an address of its own: the per-address limits stay apart. */
  const from = <T extends object>(request: T, remoteAddress: string) => ({
    ...request,
    remoteAddress,
  })
  const load = (t: string, remoteAddress: string, kind?: 'audio') =>
    app.inject(
      from(
        regionalRequest(
          'GET',
          `${captchaUrl(t)}${kind ? `&kind=${kind}` : ''}`,
        ),
        remoteAddress,
      ),
    )
  const answerOf = async (t: string) =>
    (await app.inject({ url: `/__test__/captcha?t=${t}` })).json<{
      answer: string
    }>().answer
  // The SMS code request is what a captcha guards on the filing page.
  const askCode = (captchaId: string, captcha: string, remoteAddress: string) =>
    app.inject(
      from(
        regionalRequest('POST', '/xjApi/api/xjslts/sms/code', {
          json: { phone: nextPhone(), captchaId, captcha },
        }),
        remoteAddress,
      ),
    )

  it('换一张 gives a new image under the same id, and the old answer no longer counts', async () => {
    const ip = `10.9.0.${++address}`
    const t = `refresh${Date.now()}`
    const first = await load(t, ip)
    const old = await answerOf(t)
    const second = await load(t, ip)
    const current = await answerOf(t)
    expect(second.statusCode).toBe(200)
    expect(second.rawPayload.equals(first.rawPayload)).toBe(false)
    // One in 160,000 draws the same four characters again.
    expect(current).not.toBe(old)
    const refused = await askCode(t, old, ip)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().Msg).toBe(MSG_CAPTCHA_WRONG)
  })

  it('speaks six digits as WAV, answered once like the image', async () => {
    const ip = `10.9.0.${++address}`
    const t = `audio${Date.now()}`
    const response = await load(t, ip, 'audio')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('audio/wav')
    expect(response.headers['cache-control']).toBe('no-store')
    const wav = response.rawPayload
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF')
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE')
    // 16 kHz, 16-bit mono: six digits with their pauses last some seconds.
    expect(wav.readUInt32LE(24)).toBe(16_000)
    const seconds = wav.readUInt32LE(40) / 2 / 16_000
    expect(seconds).toBeGreaterThan(3)
    expect(seconds).toBeLessThan(12)
    // Not silence: the voice is well above the hiss.
    let peak = 0
    for (let i = 44; i < wav.length; i += 2)
      peak = Math.max(peak, Math.abs(wav.readInt16LE(i)))
    expect(peak).toBeGreaterThan(16_000)

    const answer = await answerOf(t)
    expect(answer).toMatch(new RegExp(`^[${AUDIO_CAPTCHA_DIGITS}]{6}$`))
    // Digits typed full-width by a Chinese input method count as typed.
    const fullWidth = answer.replace(/\d/g, (d) =>
      String.fromCharCode(0xff10 + Number(d)),
    )
    expect((await askCode(t, fullWidth, ip)).statusCode).toBe(200)
    const again = await askCode(t, answer, ip)
    expect(again.statusCode).toBe(400)
    expect(again.json().Msg).toBe(MSG_CAPTCHA_WRONG)
  })

  it('two recordings differ even for the same digits: each is drawn anew', async () => {
    const ip = `10.9.0.${++address}`
    const a = await load(`same${Date.now()}a`, ip, 'audio')
    const b = await load(`same${Date.now()}b`, ip, 'audio')
    expect(a.rawPayload.equals(b.rawPayload)).toBe(false)
  })

  it("a spoken answer expires after five minutes, as an image's does", async () => {
    const ip = `10.9.0.${++address}`
    const t = `expiry${Date.now()}`
    await load(t, ip, 'audio')
    const answer = await answerOf(t)
    vi.useFakeTimers({
      toFake: ['Date'],
      now: Date.now() + CAPTCHA_TTL_MS + 1000,
    })
    try {
      const late = await askCode(t, answer, ip)
      expect(late.statusCode).toBe(400)
      expect(late.json().Msg).toBe(MSG_CAPTCHA_WRONG)
    } finally {
      vi.useRealTimers()
    }
  })

  it('images and recordings count against one limit per address', async () => {
    const ip = `10.9.0.${++address}`
    for (let i = 0; i < CAPTCHAS_PER_MINUTE; i++) {
      const response = await load(
        `limit${Date.now()}n${i}`,
        ip,
        i % 2 ? 'audio' : undefined,
      )
      expect(response.statusCode).toBe(200)
    }
    const image = await load(`limit${Date.now()}img`, ip)
    const audio = await load(`limit${Date.now()}aud`, ip, 'audio')
    expect(image.statusCode).toBe(429)
    expect(audio.statusCode).toBe(429)
  })
})
