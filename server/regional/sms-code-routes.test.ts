import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MSG_CAPTCHA_WRONG, MSG_SMS_SEND_FAILED } from '#common/messages.ts'
import {
  createLogSmsSender,
  type SmsSender,
} from '#server/shared/sms-sender.ts'
import { solvedCaptcha } from '#tests/captcha-helper.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { regionalRequest } from '#tests/signed-requests.ts'
import { buildTestApp } from '#tests/test-app.ts'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const url = '/xjApi/api/xjslts/sms/code'
let phoneSerial = 0
// A different phone per test: the 60 s rule would otherwise tie the tests together.
const nextPhone = () =>
  `139${String(Date.now() % 1e5).padStart(5, '0')}${String(++phoneSerial).padStart(3, '0')}`

describe('SMS verification codes', () => {
  let test: TestDatabase
  const apps: FastifyInstance[] = []
  const sender = createLogSmsSender({ info() {} })
  const build = async (
    options: { redisUrl?: string; sms?: SmsSender } = {},
  ) => {
    const app = await buildTestApp(test, {
      config: {
        testHooks: true,
        redisUrl: options.redisUrl,
      },
      sms: options.sms ?? sender,
    })
    apps.push(app)
    return app
  }
  let app: FastifyInstance

  beforeAll(async () => {
    test = await createTestDatabase('sqlite')
    app = await build()
  })
  afterAll(async () => {
    for (const each of apps) await each.close()
    await test.destroy()
  })

  const ask = async (
    target: FastifyInstance,
    body: object,
    remoteAddress?: string,
  ) =>
    target.inject({
      ...regionalRequest('POST', url, { json: body }),
      ...(remoteAddress ? { remoteAddress } : {}),
    })

  it('sends a six-digit code to the phone once the captcha is solved', async () => {
    const phone = nextPhone()
    const response = await ask(app, { phone, ...(await solvedCaptcha(app)) })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      Success: true,
      Data: { resendAfterSeconds: 60, expiresInSeconds: 300 },
    })
    const message = sender.sent.at(-1)!
    expect(message.phone).toBe(phone)
    expect(message.text).toMatch(/您的验证码为\d{6}，5分钟内有效/)
  })

  it('refuses a wrong captcha, sends nothing, and the captcha is used up', async () => {
    const phone = nextPhone()
    const solved = await solvedCaptcha(app)
    const sent = sender.sent.length
    const wrong = await ask(app, { phone, ...solved, captcha: 'XXXX' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({
      Success: false,
      State: 400,
      Msg: MSG_CAPTCHA_WRONG,
    })
    const late = await ask(app, { phone, ...solved })
    expect(late.json().Msg).toBe(MSG_CAPTCHA_WRONG)
    expect(sender.sent.length).toBe(sent)
  })

  it('sends one code per phone per 60 s and says how long to wait', async () => {
    const phone = nextPhone()
    expect(
      (await ask(app, { phone, ...(await solvedCaptcha(app)) })).statusCode,
    ).toBe(200)
    const again = await ask(app, { phone, ...(await solvedCaptcha(app)) })
    expect(again.statusCode).toBe(429)
    const { Msg } = again.json()
    const seconds = Number(/请(\d+)秒后/.exec(Msg)?.[1])
    expect(seconds).toBeGreaterThanOrEqual(55)
    expect(seconds).toBeLessThanOrEqual(60)
    const other = await ask(app, {
      phone: nextPhone(),
      ...(await solvedCaptcha(app)),
    })
    expect(other.statusCode).toBe(200)
  })

  it.each([
    [{ phone: '1234' }, '请填写正确的11位手机号码'],
    [{ phone: undefined }, '请填写手机号码'],
    [{ captcha: '' }, '请输入图形验证码'],
    [{ captchaId: 'bad id' }, '验证码标识无效，请刷新验证码'],
    [{ purpose: 'login' }, '验证码用途无效'],
  ])('refuses %o with its message', async (change, msg) => {
    const body = {
      phone: nextPhone(),
      ...(await solvedCaptcha(app)),
      ...change,
    }
    const response = await ask(app, body)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ Success: false, State: 400, Msg: msg })
  })

  it('answers 503 when the provider fails, and the visitor may retry at once', async () => {
    const failing = await build({
      sms: {
        send: async () => {
          throw new Error('carrier down')
        },
      },
    })
    const phone = nextPhone()
    const response = await ask(failing, {
      phone,
      ...(await solvedCaptcha(failing)),
    })
    expect(response.statusCode).toBe(503)
    expect(response.json().Msg).toBe(MSG_SMS_SEND_FAILED)
    const retry = await ask(failing, {
      phone,
      ...(await solvedCaptcha(failing)),
    })
    expect(retry.statusCode).toBe(503)
  })

  it('keeps the 60 s rule across processes through Redis', async () => {
    const [first, second] = [
      await build({ redisUrl: REDIS_URL }),
      await build({ redisUrl: REDIS_URL }),
    ]
    const phone = nextPhone()
    // Redis outlives the test run: a visitor address of this run's own keeps the daily
    // per-address count of earlier runs (same day, same machine) out of this test.
    const address = `198.51.100.${1 + (Date.now() % 254)}`
    expect(
      (await ask(first!, { phone, ...(await solvedCaptcha(first!)) }, address))
        .statusCode,
    ).toBe(200)
    // The captcha drawn by one process is answered at the other.
    const again = await ask(
      second!,
      { phone, ...(await solvedCaptcha(first!)) },
      address,
    )
    expect(again.statusCode).toBe(429)
    expect(again.json().Msg).toMatch(/秒后再重新获取/)
  })
})
