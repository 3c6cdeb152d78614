import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { MSG_CAPTCHA_WRONG } from '#common/messages.ts'
import { portalSign } from '#common/protocol/portal-sign.ts'
import { CAPTCHA_TTL_MS } from '#server/complaints/filing/captcha.ts'
import { testConfig } from '#tests/app-config.ts'
import { solvedCaptcha } from '#tests/captcha-helper.ts'
import { decryptWithNode } from '#tests/decrypt-with-node.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { regionalRequest } from '#tests/signed-requests.ts'
import { buildTestApp } from '#tests/test-app.ts'

const MESSAGE = {
  name: '周立群',
  phone: '13611112222',
  title: '建议公开处理期限',
  content: '建议在公开的处理结果中写明各环节的办理期限，方便群众监督。',
}

describe.each(testEngines)('feedback with a captcha on %s', (engine) => {
  let test: TestDatabase
  let app: FastifyInstance
  const config = testConfig('')
  let address = 0

  beforeAll(async () => {
    test = await createTestDatabase(engine)
    app = await buildTestApp(test, { config: { testHooks: true } })
  })
  afterAll(async () => {
    await app.close()
    await test.destroy()
  })

  /** A signed Portal call from an address of its own (five writes a minute per address). */
  async function send(params: Record<string, unknown>) {
    const body = { ...params, ts: Date.now() }
    const response = await app.inject({
      method: 'POST',
      url: '/JdPortalApi/Complaint/Feedback',
      payload: body,
      remoteAddress: `10.8.${engine.length}.${++address}`,
      headers: { 'x-sign': await portalSign(body, config.portalApiSecret) },
    })
    const envelope = response.json<{
      State: number
      Msg: string
      Data?: string
    }>()
    return {
      status: response.statusCode,
      envelope,
      data: envelope.Data
        ? decryptWithNode(envelope.Data, config.portalAesKey)
        : undefined,
    }
  }
  const stored = async (title: string) =>
    Number(
      (
        await test.db
          .selectFrom('complaintFeedback')
          .where('title', '=', title)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const spoken = async () => {
    const captchaId = `spoken${Date.now()}${++address}`
    const response = await app.inject(
      regionalRequest(
        'GET',
        `/xjApi/api/xjslts/img/code?t=${captchaId}&kind=audio`,
      ),
    )
    expect(response.headers['content-type']).toBe('audio/wav')
    const { answer } = (
      await app.inject({ url: `/__test__/captcha?t=${captchaId}` })
    ).json<{ answer: string }>()
    return { captchaId, captcha: answer }
  }

  it('refuses a message without a captcha and stores nothing', async () => {
    const title = `无验证码${engine}`
    const response = await send({ ...MESSAGE, title })
    expect(response.status).toBe(400)
    expect(response.envelope).toEqual({
      State: 400,
      // The Portal API names the refused field first (docs/api/portal-protocol.md).
      Msg: 'captchaId：验证码标识无效，请刷新验证码',
    })
    const empty = await send({
      ...MESSAGE,
      title,
      captchaId: 'abcdefgh1234',
      captcha: ' ',
    })
    expect(empty.envelope).toEqual({
      State: 400,
      Msg: 'captcha：请输入图形验证码',
    })
    expect(await stored(title)).toBe(0)
  })

  it('refuses a wrong answer in Chinese, stores nothing, and the captcha is used up', async () => {
    const title = `错误验证码${engine}`
    const solved = await solvedCaptcha(app)
    const wrong = await send({
      ...MESSAGE,
      title,
      ...solved,
      captcha: solved.captcha === 'XXXX' ? 'YYYY' : 'XXXX',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.envelope).toEqual({ State: 400, Msg: MSG_CAPTCHA_WRONG })
    const late = await send({ ...MESSAGE, title, ...solved })
    expect(late.envelope).toEqual({ State: 400, Msg: MSG_CAPTCHA_WRONG })
    expect(await stored(title)).toBe(0)
  })

  it('takes a message with the right answer, once', async () => {
    const title = `正确验证码${engine}`
    const solved = await solvedCaptcha(app)
    const accepted = await send({
      ...MESSAGE,
      title,
      ...solved,
      captcha: solved.captcha.toLowerCase(),
    })
    expect(accepted.status).toBe(200)
    expect(accepted.data).toEqual({ id: expect.any(Number) })
    const again = await send({ ...MESSAGE, title, ...solved })
    expect(again.envelope).toEqual({ State: 400, Msg: MSG_CAPTCHA_WRONG })
    expect(await stored(title)).toBe(1)
  })

  it('takes the spoken alternative once, and not after five minutes', async () => {
    const title = `语音验证码${engine}`
    const first = await spoken()
    expect((await send({ ...MESSAGE, title, ...first })).status).toBe(200)
    expect((await send({ ...MESSAGE, title, ...first })).envelope).toEqual({
      State: 400,
      Msg: MSG_CAPTCHA_WRONG,
    })

    const late = await spoken()
    vi.useFakeTimers({
      toFake: ['Date'],
      now: Date.now() + CAPTCHA_TTL_MS + 1000,
    })
    try {
      const response = await send({ ...MESSAGE, title, ...late })
      expect(response.envelope).toEqual({
        State: 400,
        Msg: MSG_CAPTCHA_WRONG,
      })
    } finally {
      vi.useRealTimers()
    }
    expect(await stored(title)).toBe(1)
  })

  it('a captcha drawn again under its id (换一张) makes the earlier answer worthless', async () => {
    const title = `换一张${engine}`
    const solved = await solvedCaptcha(app)
    await app.inject(
      regionalRequest(
        'GET',
        `/xjApi/api/xjslts/img/code?t=${solved.captchaId}`,
      ),
    )
    const { answer } = (
      await app.inject({ url: `/__test__/captcha?t=${solved.captchaId}` })
    ).json<{ answer: string }>()
    // One in 160,000 draws the same four characters again.
    expect(answer).not.toBe(solved.captcha)
    const old = await send({ ...MESSAGE, title, ...solved })
    expect(old.envelope).toEqual({ State: 400, Msg: MSG_CAPTCHA_WRONG })
    expect(await stored(title)).toBe(0)
  })
})
