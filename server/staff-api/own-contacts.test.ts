import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  createSmtpMailSender,
  type MailSender,
} from '#server/shared/mail-sender.ts'
import { createLogSmsSender } from '#server/shared/sms-sender.ts'
import { useConsoleTestApp } from '#tests/console-test-api.ts'
import { testEngines } from '#tests/db.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/smtp-server.ts'

const codeIn = (text: string) => /验证码为(\d{6})/.exec(text)?.[1]

describe.each(testEngines)(
  'one’s own e-mail address, mobile number and reminder days on %s',
  (engine) => {
    let smtp: TestSmtpServer
    const sms = createLogSmsSender({ info() {} })
    // The server is up before the first mail; the app is built before the server starts.
    const mail: MailSender = {
      send: (message) =>
        createSmtpMailSender(smtp.url, 'noreply@example.gov.cn').send(message),
      close() {},
    }
    const { app, database, later, post, enrolled, signIn, lastAudit } =
      useConsoleTestApp(engine, { mail, sms })
    beforeAll(async () => {
      smtp = await startSmtpServer()
    })
    afterAll(async () => smtp?.close())

    async function person(name: string) {
      const session = await signIn(await enrolled(['投诉处理'], name))
      const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf }
      return {
        post: (url: string, payload: object) => post(url, payload, headers),
        get: () =>
          app().inject({ url: '/staff-api/me/contacts', headers: headers }),
        put: (payload: object) =>
          app().inject({
            method: 'PUT',
            url: '/staff-api/me/reminders',
            payload,
            headers,
          }),
        remove: (channel: string) =>
          post(`/me/contacts/${channel}/remove`, {}, headers),
      }
    }

    it('takes an e-mail address only once the code mailed to it comes back, within its tries', async () => {
      const me = await person(`liu.contact.${engine}`)
      const address = `liu.${engine}@example.gov.cn`
      const begun = await me.post('/me/contacts', {
        channel: 'email',
        value: `  Liu.${engine}@Example.gov.cn `,
      })
      expect(begun.statusCode).toBe(200)
      expect(begun.json()).toMatchObject({
        ok: true,
        sentTo: `l***@example.gov.cn`,
      })
      const mailed = await smtp.waitForMail((m) =>
        m.recipients.includes(address),
      )
      expect(mailed.subject).toBe('【水利招投标监督平台】邮箱验证码')
      const code = codeIn(mailed.text ?? '')!
      // Not yet in use: pending until confirmed.
      expect((await me.get()).json()).toMatchObject({
        email: null,
        pending: { email: { value: address } },
        reminderDays: [1, 0],
      })

      // Asked again at once: refused, the first code still stands.
      const again = await me.post('/me/contacts', {
        channel: 'email',
        value: address,
      })
      expect(again.statusCode).toBe(429)
      expect(again.json().message).toMatch(
        /^验证码已发送，请在\d+秒后再重新获取$/,
      )

      const wrong = code === '000000' ? '111111' : '000000'
      const refused = await me.post('/me/contacts/confirm', {
        channel: 'email',
        code: wrong,
      })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toBe('验证码错误，还可再试4次')
      expect(await lastAudit()).toMatchObject({
        action: 'self.contact-confirm',
        outcome: 'refused',
      })

      const confirmed = await me.post('/me/contacts/confirm', {
        channel: 'email',
        code,
      })
      expect(confirmed.statusCode).toBe(200)
      expect(confirmed.json()).toMatchObject({
        email: address,
        pending: { email: null },
      })
      expect(await lastAudit()).toMatchObject({
        action: 'self.contact-confirm',
        outcome: 'ok',
      })
      // The same code twice: nothing pending any more.
      const reused = await me.post('/me/contacts/confirm', {
        channel: 'email',
        code,
      })
      expect(reused.statusCode).toBe(409)
      expect(reused.json().message).toBe('请先填写邮箱并获取验证码')
    })

    it('refuses a code after five wrong tries and after ten minutes', async () => {
      const me = await person(`ma.contact.${engine}`)
      expect(
        (
          await me.post('/me/contacts', {
            channel: 'mobile',
            value: '13900004444',
          })
        ).statusCode,
      ).toBe(200)
      const code = codeIn(sms.sent.at(-1)!.text)!
      expect(sms.sent.at(-1)!.phone).toBe('13900004444')
      const wrong = code === '000000' ? '111111' : '000000'
      for (let i = 0; i < 5; i++)
        await me.post('/me/contacts/confirm', {
          channel: 'mobile',
          code: wrong,
        })
      const locked = await me.post('/me/contacts/confirm', {
        channel: 'mobile',
        code,
      })
      expect(locked.statusCode).toBe(429)
      expect(locked.json().message).toBe('验证码输入错误次数过多，请重新获取')

      later(61_000)
      await me.post('/me/contacts', { channel: 'mobile', value: '13900004444' })
      const fresh = codeIn(sms.sent.at(-1)!.text)!
      later(10 * 60_000 + 1_000)
      const late = await me.post('/me/contacts/confirm', {
        channel: 'mobile',
        code: fresh,
      })
      expect(late.statusCode).toBe(409)
      expect(late.json().message).toBe('验证码已过期，请重新获取')
      expect((await me.get()).json().mobile).toBeNull()
    })

    it('refuses what is not an address, a number or a day on offer, and changes nothing', async () => {
      const me = await person(`he.contact.${engine}`)
      const cases: [object, string][] = [
        [
          { channel: 'email', value: 'not-an-address' },
          '请填写正确的电子邮箱地址',
        ],
        [{ channel: 'mobile', value: '1234567' }, '请填写正确的11位手机号码'],
        [
          { channel: 'fax', value: '010-1234' },
          '联系方式只能是电子邮箱或手机号码',
        ],
        [
          { channel: 'email', value: `${'a'.repeat(250)}@x.cn` },
          '请填写正确的电子邮箱地址',
        ],
      ]
      for (const [payload, message] of cases) {
        const r = await me.post('/me/contacts', payload)
        expect(r.statusCode, JSON.stringify(payload)).toBe(400)
        expect(r.json().message).toContain(message)
      }
      for (const [days, message] of [
        [[], '请至少选择一个提醒时间'],
        [[4], '提醒时间只能选：当天或1、2、3、5个工作日前'],
        [[1, 1], '提醒时间重复'],
        ['1', '请至少选择一个提醒时间'],
      ] as const) {
        const r = await me.put({ days })
        expect(r.statusCode, JSON.stringify(days)).toBe(400)
        expect(r.json().message).toContain(message)
      }
      expect((await me.get()).json()).toEqual({
        email: null,
        mobile: null,
        pending: { email: null, mobile: null },
        reminderDays: [1, 0],
      })

      const chosen = await me.put({ days: [0, 3] })
      expect(chosen.statusCode).toBe(200)
      expect(chosen.json().reminderDays).toEqual([3, 0])
      expect(await lastAudit()).toMatchObject({ action: 'self.reminders' })
      const removed = await me.remove('email')
      expect(removed.statusCode).toBe(200)
      expect((await me.remove('fax')).statusCode).toBe(400)
      const stored = await database()
        .db.selectFrom('staffAccount')
        .select(['reminderDays'])
        .where('accountName', '=', `he.contact.${engine}`)
        .executeTakeFirstOrThrow()
      expect(stored.reminderDays).toBe('3,0')
    })

    it('answers any body on the contact routes with a Chinese 4xx or a success, never a 5xx, and changes nothing on a refusal', async () => {
      const me = await person(`fuzz.contact.${engine}`)
      const routes = [
        (body: unknown) => me.post('/me/contacts', body as object),
        (body: unknown) => me.post('/me/contacts/confirm', body as object),
        (body: unknown) => me.put(body as object),
      ]
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 2 }),
          fc.oneof(
            fc.jsonValue({ maxDepth: 3 }),
            fc.record({
              channel: fc.constantFrom('email', 'mobile', '__proto__', ''),
              value: fc.string({ maxLength: 300 }),
              code: fc.string({ maxLength: 8 }),
              days: fc.array(fc.integer({ min: -2, max: 9 }), {
                maxLength: 7,
              }),
            }),
          ),
          async (route, body) => {
            const r = await routes[route]!(body)
            expect(r.statusCode, JSON.stringify(body)).toBeLessThan(500)
            if (r.statusCode >= 400)
              expect(r.json().message).toMatch(/[\u4e00-\u9fff]/)
          },
        ),
        { numRuns: 60 },
      )
      // Nothing was confirmed by guessing.
      expect((await me.get()).json()).toMatchObject({
        email: null,
        mobile: null,
      })
    })

    it('sends at most ten codes a day, whatever the address', async () => {
      const who = await enrolled(['投诉处理'], `xu.contact.${engine}`)
      const ask = async (body: object) => {
        const session = await signIn(who)
        return post('/me/contacts', body, {
          cookie: session.cookie,
          'x-csrf-token': session.csrf,
        })
      }
      for (let i = 0; i < 10; i++) {
        const r = await ask({
          channel: 'mobile',
          value: `1390000${String(1000 + i)}`,
        })
        expect(r.statusCode).toBe(200)
        later(61_000)
      }
      const eleventh = await ask({
        channel: 'email',
        value: 'xu@example.gov.cn',
      })
      expect(eleventh.statusCode).toBe(429)
      expect(eleventh.json().message).toBe(
        '24小时内最多获取10次验证码，请明天再试；如有急需，请联系系统管理员',
      )
      later(24 * 3600_000)
      expect(
        (await ask({ channel: 'email', value: 'xu@example.gov.cn' }))
          .statusCode,
      ).toBe(200)
    })

    it('says so when the code cannot be sent, and keeps nothing pending', async () => {
      const me = await person(`zhou.contact.${engine}`)
      const ask = () =>
        me.post('/me/contacts', {
          channel: 'email',
          value: 'zhou@example.gov.cn',
        })
      smtp.refuseNext(1, 550)
      let r = await ask()
      expect(r.statusCode).toBe(400)
      expect(r.json().message).toBe(
        '对方邮件服务器拒收，验证码未能送达该邮箱，请核对邮箱地址',
      )
      smtp.refuseNext(1, 451)
      r = await ask()
      expect(r.statusCode).toBe(503)
      expect(r.json().message).toBe(
        '验证码暂时未能发送到该邮箱，请稍后重试；如仍不成功，请联系系统管理员',
      )
      expect((await me.get()).json().pending.email).toBeNull()
      // Nothing held back the next try.
      expect((await ask()).statusCode).toBe(200)
    })
  },
)
