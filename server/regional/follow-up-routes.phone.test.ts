import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createLogSmsSender } from '#server/shared/sms-sender.ts'
import { solvedCaptcha } from '#tests/captcha-helper.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { regionalRequest } from '#tests/signed-requests.ts'
import { buildTestApp } from '#tests/test-app.ts'
import { validatedFiling } from '#tests/complaint-test-data.ts'
import { fileComplaint } from '#server/complaints/file-complaint.ts'

const PHONE = '13899887766'

describe.each(testEngines)(
  'looking a complaint up by number, phone and SMS code on %s',
  (engine) => {
    let t: TestDatabase
    let app: FastifyInstance
    const sms = createLogSmsSender({ info() {} })

    beforeAll(async () => {
      t = await createTestDatabase(engine)
      app = await buildTestApp(t, {
        config: { testHooks: true },
        sms,
        autoAcceptIntervalMs: null,
      })
    })
    afterAll(async () => {
      await app?.close()
      await t?.destroy()
    })

    /** Asks /sms/code for a complaint-query code and reads it from the text sent. */
    async function codeSentTo(phone: string): Promise<string> {
      const response = await app.inject(
        regionalRequest('POST', '/xjApi/api/xjslts/sms/code', {
          json: {
            phone,
            purpose: 'complaint-query',
            ...(await solvedCaptcha(app)),
          },
        }),
      )
      expect(response.statusCode).toBe(200)
      const message = sms.sent.at(-1)!
      expect(message.phone).toBe(phone)
      return /验证码为(\d{6})/.exec(message.text)![1]!
    }
    const lookUp = (query: Record<string, string>) =>
      app.inject(
        regionalRequest(
          'GET',
          `/xjApi/api/xjslts/tsbhcx?${new URLSearchParams(query)}`,
        ),
      )

    it('shows the complaint for the code texted to its contact phone, once', async () => {
      const filing = await validatedFiling(t.db, t.storage)
      const { complaintNo } = await fileComplaint(t.db, {}, filing)
      const code = await codeSentTo(PHONE)

      const wrong = await lookUp({
        complaintNo,
        phone: PHONE,
        smsCode: code === '000000' ? '000001' : '000000',
      })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json()).toEqual({
        Success: false,
        State: 400,
        Msg: '短信验证码不正确或已过期',
      })

      // A wrong try does not spend the right code.
      const found = await lookUp({ complaintNo, phone: PHONE, smsCode: code })
      expect(found.statusCode).toBe(200)
      expect(found.json().Data).toMatchObject({
        complaintNo,
        state: 'submitted',
        contactPhone: '138*****766',
      })

      const again = await lookUp({ complaintNo, phone: PHONE, smsCode: code })
      expect(again.statusCode).toBe(400)
      expect(again.json().Msg).toBe('短信验证码不正确或已过期')
    })

    it('does not take a code sent to another phone or for filing', async () => {
      const filing = await validatedFiling(t.db, t.storage)
      const { complaintNo } = await fileComplaint(t.db, {}, filing)
      const other = await codeSentTo('13911112222')
      const refused = await lookUp({
        complaintNo,
        phone: PHONE,
        smsCode: other,
      })
      expect(refused.json().Msg).toBe('短信验证码不正确或已过期')

      const response = await app.inject(
        regionalRequest('POST', '/xjApi/api/xjslts/sms/code', {
          json: { phone: '13911113333', ...(await solvedCaptcha(app)) },
        }),
      )
      expect(response.statusCode).toBe(200)
      const filingCode = /验证码为(\d{6})/.exec(sms.sent.at(-1)!.text)![1]!
      const forFiling = await lookUp({
        complaintNo,
        phone: '13911113333',
        smsCode: filingCode,
      })
      expect(forFiling.json().Msg).toBe('短信验证码不正确或已过期')
    })
  },
)
