import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createOfficialToken } from '#tests/complaint-test-api.ts'

import { MSG_NOT_FOUND } from '#common/messages.ts'
import type { ComplaintStatus } from '#common/schemas/complaint/complaint-follow-up.ts'
import { fileComplaint } from '#server/complaints/file-complaint.ts'
import { MSG_FILES_MISSING } from '#server/complaints/filing/complaint-form.ts'
import { createPdf } from '#server/demo/demo-documents.ts'
import { cjkFontBytes } from '#server/files/cjk-font.ts'
import { fileUrl } from '#server/files/file-record.ts'
import { createLogSmsSender } from '#server/shared/sms-sender.ts'
import { solvedCaptcha } from '#tests/captcha-helper.ts'
import { validatedFiling, validFiling } from '#tests/complaint-test-data.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { accessCookieOf } from '#tests/file-access-cookie.ts'
import { aProject } from '#tests/filing-fixtures.ts'
import { regionalRequest } from '#tests/signed-requests.ts'
import { buildTestApp } from '#tests/test-app.ts'
import { multipartBody } from '#tests/upload-samples.ts'

import { FILE_CSP } from './file-routes.ts'

const COMPLAINANT = '新疆天山水利建设有限公司'
type Access = { complaintNo: string; queryCode: string }

describe.each(testEngines)(
  'who reads the files of a complaint on %s',
  (engine) => {
    let t: TestDatabase
    let app: FastifyInstance
    let staffToken: string
    const sms = createLogSmsSender({ info() {} })
    let address = 0

    beforeAll(async () => {
      t = await createTestDatabase(engine)
      app = await buildTestApp(t, {
        config: { testHooks: true },
        sms,
        autoAcceptIntervalMs: null,
      })
      staffToken = await createOfficialToken(app)
    })
    afterAll(async () => {
      await app?.close()
      await t?.destroy()
    })

    // Each request from an address of its own: the per-address limits are not what is tested.
    const send = (
      request: ReturnType<typeof regionalRequest>,
      cookie?: string,
    ) =>
      app.inject({
        ...request,
        headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
        remoteAddress: `10.9.${engine.length}.${++address}`,
      })
    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ url, headers })
    const xjGet = (path: string, query: object, cookie?: string) =>
      send(
        regionalRequest(
          'GET',
          `/xjApi/api/xjslts${path}?${new URLSearchParams(query as Record<string, string>)}`,
        ),
        cookie,
      )
    const xjPost = (path: string, json: unknown, cookie?: string) =>
      send(
        regionalRequest('POST', `/xjApi/api/xjslts${path}`, { json }),
        cookie,
      )
    const staff = (path: string, body: object) =>
      app.inject({
        method: 'POST',
        url: `/staff-api${path}`,
        payload: { operator: '赵科长', ...body },
        headers: { authorization: `Bearer ${staffToken}` },
      })

    function expectUnknown(response: LightMyRequestResponse) {
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        statusCode: 404,
        message: MSG_NOT_FOUND,
      })
      expect(response.headers['cache-control']).toBe('no-store')
    }
    function expectPrivatePdf(response: LightMyRequestResponse) {
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('application/pdf')
      expect(response.headers['cache-control']).toBe('private, no-store')
      expect(response.headers['content-security-policy']).toBe(FILE_CSP)
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    }

    /** A filed and accepted complaint: its evidence, its form and the 受理通知书 issued. */
    async function aComplaint() {
      const filing = await validatedFiling(t.db, t.storage)
      const access: Access = await fileComplaint(t.db, {}, filing)
      for (const action of ['sign', 'accept'])
        expect(
          (
            await staff(
              `/complaints/${access.complaintNo}/actions/${action}`,
              {},
            )
          ).statusCode,
        ).toBe(200)
      const urlOf = async (id: string) => {
        const file = await t.db
          .selectFrom('file')
          .select(['id', 'name'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
        return fileUrl(file.id, file.name)
      }
      const complaint = await t.db
        .selectFrom('complaint')
        .select(['id', 'formFileId'])
        .where('complaintNo', '=', access.complaintNo)
        .executeTakeFirstOrThrow()
      const notice = await t.db
        .selectFrom('complaintDocument')
        .select('fileId')
        .where('complaintId', '=', complaint.id)
        .where('kind', '=', 'acceptance_notice')
        .executeTakeFirstOrThrow()
      return {
        access,
        urls: {
          evidence: await urlOf(filing.evidenceFileIds[0]!),
          form: await urlOf(complaint.formFileId),
          notice: await urlOf(notice.fileId),
        },
      }
    }

    /** tsbhcx by number and query code: the answer, and the cookie it set. */
    async function query(access: Access, cookie?: string) {
      const response = await xjGet('/tsbhcx', access, cookie)
      expect(response.statusCode).toBe(200)
      return {
        status: response.json<{ Data: ComplaintStatus }>().Data,
        cookie: accessCookieOf(response),
        setCookie: String(response.headers['set-cookie']),
      }
    }

    it('answers a complaint file fetched without access as an unknown file, kept by no cache', async () => {
      const { urls } = await aComplaint()
      for (const url of Object.values(urls)) expectUnknown(await get(url))
      // A cookie of the right shape that nothing was granted to opens nothing either.
      const stranger = `file-access=${'A'.repeat(43)}`
      for (const url of Object.values(urls))
        expectUnknown(await get(url, { cookie: stranger }))
    })

    it('serves the files privately, sandboxed, to the browser the complainant queried in', async () => {
      const { access, urls } = await aComplaint()
      const { status, cookie, setCookie } = await query(access)
      expect(setCookie).toMatch(/^file-access=[A-Za-z0-9_-]{43}; /)
      expect(setCookie).toContain('HttpOnly')
      expect(setCookie).toContain('SameSite=Strict')
      expect(setCookie).toContain('Path=/')
      // The answer's own document urls open, and so do evidence and the filed form.
      const listed = status.documents.map((d) => d.url)
      expect(listed).toContain(urls.notice)
      for (const url of [...listed, urls.evidence, urls.notice])
        expectPrivatePdf(await get(url, { cookie }))
      expect((await get(urls.form, { cookie })).statusCode).toBe(200)
      // 304 only for the browser that may read it.
      const etag = (await get(urls.notice, { cookie })).headers.etag as string
      expect(
        (await get(urls.notice, { cookie, 'if-none-match': etag })).statusCode,
      ).toBe(304)
      expectUnknown(await get(urls.notice, { 'if-none-match': etag }))
    })

    it('opens the files after a query by the query code alone or by phone and SMS code', async () => {
      const { access, urls } = await aComplaint()
      const byCode = await xjGet('/cxmcx', { queryCode: access.queryCode })
      expect(byCode.statusCode).toBe(200)
      expectPrivatePdf(
        await get(urls.notice, { cookie: accessCookieOf(byCode) }),
      )

      const phone = '13899887766'
      const sent = await xjPost('/sms/code', {
        phone,
        purpose: 'complaint-query',
        ...(await solvedCaptcha(app)),
      })
      expect(sent.statusCode).toBe(200)
      const smsCode = /验证码为(\d{6})/.exec(sms.sent.at(-1)!.text)![1]!
      const byPhone = await xjGet('/tsbhcx', {
        complaintNo: access.complaintNo,
        phone,
        smsCode,
      })
      expect(byPhone.statusCode).toBe(200)
      expectPrivatePdf(
        await get(urls.notice, { cookie: accessCookieOf(byPhone) }),
      )
    })

    it('gives nothing for a wrong query code', async () => {
      const { access, urls } = await aComplaint()
      // The same characters in another order: well formed, and not this complaint's code.
      const code = access.queryCode
      const wrong = await xjGet('/tsbhcx', {
        ...access,
        queryCode: code.slice(1) + code[0],
      })
      expect(wrong.statusCode).toBe(404)
      expect(wrong.headers['set-cookie']).toBeUndefined()
      expectUnknown(await get(urls.notice))
    })

    it('opens complaint A in a browser without opening complaint B', async () => {
      const a = await aComplaint()
      const b = await aComplaint()
      const { cookie } = await query(a.access)
      expectPrivatePdf(await get(a.urls.notice, { cookie }))
      for (const url of Object.values(b.urls))
        expectUnknown(await get(url, { cookie }))
      // The same browser may follow both: its one key then opens both.
      await query(b.access, cookie)
      expectPrivatePdf(await get(b.urls.notice, { cookie }))
    })

    it('closes the files again when the grant expires', async () => {
      const { access, urls } = await aComplaint()
      const { cookie } = await query(access)
      expectPrivatePdf(await get(urls.notice, { cookie }))
      await t.db
        .updateTable('complaintFileGrant')
        .set({ expiresAt: Date.now() - 1 })
        .where('complaintNo', '=', access.complaintNo)
        .execute()
      expectUnknown(await get(urls.notice, { cookie }))
    })

    it('serves every complaint file to staff with a personal API token, privately', async () => {
      const { urls } = await aComplaint()
      const authorization = `Bearer ${staffToken}`
      for (const url of [urls.evidence, urls.notice])
        expectPrivatePdf(await get(url, { authorization }))
      expectUnknown(await get(urls.notice, { authorization: 'Bearer wrong' }))
    })

    it('lets the uploader preview his evidence, his generated form and its sealed copy, and nobody else', async () => {
      const pdf = Buffer.from(
        await createPdf(
          { title: '业绩证明', paragraphs: ['合同及验收证书。'] } as Parameters<
            typeof createPdf
          >[0],
          await cjkFontBytes(),
          COMPLAINANT,
        ),
      )
      const upload = await send(
        regionalRequest('POST', '/xjApi/api/xjslts/complaint/file/cfs', {
          multipart: multipartBody([
            { field: 'file', name: '业绩证明.pdf', content: pdf },
          ]),
        }),
      )
      expect(upload.statusCode).toBe(200)
      const cookie = accessCookieOf(upload)
      const evidence = upload.json<{ Data: { id: string; url: string } }>().Data
      expectPrivatePdf(await get(evidence.url, { cookie }))
      expectUnknown(await get(evidence.url))

      // The generated form, in the same browser.
      const { formFileId: _form, ...filing } = await validFiling(
        t.db,
        t.storage,
      )
      const draft = {
        ...filing,
        project: await aProject(t),
        evidenceFileIds: [evidence.id],
      }
      const formAnswer = await xjPost('/complaint/form', draft, cookie)
      expect(formAnswer.statusCode).toBe(200)
      const form = formAnswer.json<{ Data: { id: string; url: string } }>().Data
      expectPrivatePdf(await get(form.url, { cookie }))
      expectUnknown(await get(form.url))

      // The signing dialog: a session only for a file the browser reads.
      expect(
        (await xjGet('/ca/sign/url', { fileId: form.id, type: 'complaint' }))
          .statusCode,
      ).toBe(404)
      const opened = await xjGet(
        '/ca/sign/url',
        { fileId: form.id, type: 'complaint' },
        cookie,
      )
      expect(opened.statusCode).toBe(200)
      const token = new URL(
        opened.json().Data as string,
        'http://x',
      ).searchParams.get('token')!
      const done = await app.inject({
        method: 'POST',
        url: '/ca/sign',
        payload: new URLSearchParams({
          token,
          kind: 'organisation',
          name: draft.complainant.name,
          idNumber: draft.complainant.idNumber,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      expect(done.body).toContain('签章成功')
      expect(
        (await xjGet('/ca/sign/file', { fileId: form.id })).statusCode,
      ).toBe(404)
      const copies = await xjGet('/ca/sign/file', { fileId: form.id }, cookie)
      const [sealed] = copies.json<{ Data: { url: string }[] }>().Data
      expectPrivatePdf(await get(sealed!.url, { cookie }))
      expectUnknown(await get(sealed!.url))
    })

    it('refuses, as missing, a draft or an answer that names another browser’s upload or a complaint’s file', async () => {
      const upload = await send(
        regionalRequest('POST', '/xjApi/api/xjslts/complaint/file/cfs', {
          multipart: multipartBody([
            { field: 'file', name: '证据.pdf', content: '%PDF-1.4\n%%EOF\n' },
          ]),
        }),
      )
      const theirs = upload.json<{ Data: { id: string } }>().Data.id
      const { formFileId: _form, ...filing } = await validFiling(
        t.db,
        t.storage,
      )
      const draft = {
        ...filing,
        project: await aProject(t),
        evidenceFileIds: [theirs],
      }
      const mine = `file-access=${'B'.repeat(43)}`
      const refused = await xjPost('/complaint/form', draft, mine)
      expect(refused.statusCode).toBe(400)
      expect(refused.json().Msg).toBe(MSG_FILES_MISSING)

      // A complainant answering a request for material names a file of another complaint.
      const other = await aComplaint()
      const { access } = await aComplaint()
      const asked = await staff(
        `/complaints/${access.complaintNo}/actions/request-material`,
        { items: '请补充业绩证明原件扫描件', workdays: 5 },
      )
      expect(asked.statusCode).toBe(200)
      const { status, cookie } = await query(access)
      const evidenceOfOther = other.urls.evidence.split('/')[2]!
      const answer = await xjPost(
        '/tscshsb',
        {
          ...access,
          requestId: status.materialRequests[0]!.id,
          answerText: '已补充',
          fileIds: [evidenceOfOther],
        },
        cookie,
      )
      expect(answer.statusCode).toBe(400)
      expect(answer.json().Msg).toBe(MSG_FILES_MISSING)
    })
  },
)
