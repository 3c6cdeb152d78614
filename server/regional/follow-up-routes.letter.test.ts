import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  groupQueryCode,
  msgQueryCodeCharacter,
} from '#common/schemas/complaint/complaint-fields.ts'
import { fileComplaint } from '#server/complaints/file-complaint.ts'
import { createLogSmsSender } from '#server/shared/sms-sender.ts'
import { solvedCaptcha } from '#tests/captcha-helper.ts'
import { validatedFiling } from '#tests/complaint-test-data.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { accessCookieOf } from '#tests/file-access-cookie.ts'
import { regionalRequest } from '#tests/signed-requests.ts'
import { buildTestApp } from '#tests/test-app.ts'

const PHONE = '13899887766'
// A browser that has made no successful query (the cookie of file-access.ts).
const STRANGER = `file-access=${'s'.repeat(43)}`

describe.each(testEngines)(
  'the sealed 投诉书 downloaded again from the follow-up on %s',
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

    const ask = (path: string, query: Record<string, string>, cookie = '') => {
      const signed = regionalRequest(
        'GET',
        `/xjApi/api/xjslts/${path}?${new URLSearchParams(query)}`,
      )
      return app.inject({
        ...signed,
        headers: { ...signed.headers, ...(cookie ? { cookie } : {}) },
      })
    }
    const download = (url: string, cookie?: string) =>
      app.inject({ url, headers: cookie ? { cookie } : {} })

    async function filed() {
      const filing = await validatedFiling(t.db, t.storage)
      const { complaintNo, queryCode } = await fileComplaint(t.db, {}, filing)
      return { complaintNo, queryCode, formFileId: filing.formFileId }
    }

    it('lists the letter as filed and serves it, privately, to the browser that queried with number and query code', async () => {
      const { complaintNo, queryCode, formFileId } = await filed()
      const found = await ask('tsbhcx', { complaintNo, queryCode })
      expect(found.statusCode).toBe(200)
      const letter = found.json().Data.letter as {
        fileName: string
        url: string
      }
      expect(letter.fileName).toBe('投诉书.pdf')
      expect(letter.url).toMatch(new RegExp(`^/files/${formFileId}/`))

      const cookie = accessCookieOf(found)
      const file = await download(letter.url, cookie)
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-type']).toBe('application/pdf')
      expect(file.headers['cache-control']).toBe('private, no-store')
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
      // Nobody else: not without the cookie, not another browser.
      expect((await download(letter.url)).statusCode).toBe(404)
      expect((await download(letter.url, STRANGER)).statusCode).toBe(404)
    })

    it('does not open the letter after a wrong query code or another complaint’s code', async () => {
      const mine = await filed()
      const other = await filed()
      const url = `/files/${mine.formFileId}/${encodeURIComponent('投诉书.pdf')}`
      const wrong = await ask(
        'tsbhcx',
        { complaintNo: mine.complaintNo, queryCode: other.queryCode },
        STRANGER,
      )
      expect(wrong.statusCode).toBe(404)
      expect(wrong.json().Msg).toBe('投诉编号或查询码不正确')
      expect((await download(url, STRANGER)).statusCode).toBe(404)
      // The other complaint's own query opens the other letter, not this one.
      const theirs = await ask(
        'cxmcx',
        { queryCode: other.queryCode },
        STRANGER,
      )
      expect(theirs.statusCode).toBe(200)
      expect((await download(url, STRANGER)).statusCode).toBe(404)
      expect(
        (await download(theirs.json().Data.letter.url, STRANGER)).statusCode,
      ).toBe(200)
    })

    it('opens it after the query code alone, typed in groups, in lower case or with hyphens', async () => {
      const { queryCode, formFileId } = await filed()
      for (const typed of [
        groupQueryCode(queryCode).join(' ').toLowerCase(),
        groupQueryCode(queryCode).join('-'),
      ]) {
        const found = await ask('cxmcx', { queryCode: typed })
        expect(found.statusCode, typed).toBe(200)
        const { url } = found.json().Data.letter
        expect(url).toMatch(new RegExp(`^/files/${formFileId}/`))
        expect((await download(url, accessCookieOf(found))).statusCode).toBe(
          200,
        )
      }
    })

    it('tells a code typed with a look-alike what a code consists of, and opens nothing', async () => {
      const { complaintNo, queryCode } = await filed()
      const typed = `${queryCode.slice(0, 11)}0`
      const refused = await ask('tsbhcx', { complaintNo, queryCode: typed })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toEqual({
        Success: false,
        State: 400,
        Msg: msgQueryCodeCharacter('0'),
      })
      expect(refused.headers['set-cookie']).toBeUndefined()
    })

    it('opens it after number, contact phone and SMS code', async () => {
      const { complaintNo, formFileId } = await filed()
      const sent = await app.inject(
        regionalRequest('POST', '/xjApi/api/xjslts/sms/code', {
          json: {
            phone: PHONE,
            purpose: 'complaint-query',
            ...(await solvedCaptcha(app)),
          },
        }),
      )
      expect(sent.statusCode).toBe(200)
      const smsCode = /验证码为(\d{6})/.exec(sms.sent.at(-1)!.text)![1]!
      const found = await ask('tsbhcx', { complaintNo, phone: PHONE, smsCode })
      expect(found.statusCode).toBe(200)
      const { url } = found.json().Data.letter
      expect(url).toMatch(new RegExp(`^/files/${formFileId}/`))
      expect((await download(url, accessCookieOf(found))).statusCode).toBe(200)
    })
  },
)
