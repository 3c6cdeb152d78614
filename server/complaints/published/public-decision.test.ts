import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ComplaintFilingSchema } from '#common/schemas/complaint/complaint-filing.ts'
import type { PublishedComplaintDetail } from '#common/schemas/complaint/complaint-published.ts'
import { fileComplaint } from '#server/complaints/file-complaint.ts'
import { createLogSmsSender } from '#server/shared/sms-sender.ts'
import { findPublishedComplaintDetail } from './published-complaints.ts'
import { testConfig } from '#tests/app-config.ts'
import { complaintTestApi } from '#tests/complaint-test-api.ts'
import { validFiling } from '#tests/complaint-test-data.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { pdfText } from '#tests/pdf-text.ts'
import { buildTestApp } from '#tests/test-app.ts'

// A natural person's complaint, with personal data in every field the decision may quote.
const PERSON = {
  name: '买买提·艾力',
  idNumber: '65010219900103123X',
  address: '乌鲁木齐市天山区解放北路88号3单元',
}
const CONTACT = {
  name: '古丽娜尔',
  phone: '13899887766',
  email: 'gulnar@example.cn',
}
const OTHER_RESPONDENT = {
  role: 'other',
  name: '阿不都热合曼',
  contact: '13911223344',
  address: '阿拉尔市幸福路12号',
}
const EXPERT = '艾尔肯·吐尔逊'

describe.each(testEngines)('the published 处理决定书 on %s', (engine) => {
  let t: TestDatabase
  let app: FastifyInstance
  let api: ReturnType<typeof complaintTestApi>
  const sms = createLogSmsSender({ info() {} })

  beforeAll(async () => {
    t = await createTestDatabase(engine)
    app = await buildTestApp(t, { sms, autoAcceptIntervalMs: null })
    api = complaintTestApi(app, { ...testConfig(''), dataDir: t.dataDir })
  })
  afterAll(async () => {
    await app?.close()
    await t?.destroy()
  })

  async function act(complaintNo: string, action: string, body: object) {
    const withOperator = { operator: '赵科长', ...body }
    const response =
      action === 'decide' || action === 'publish'
        ? await api.letOut(complaintNo, action, withOperator)
        : await api.staff(
            `/complaints/${complaintNo}/actions/${action}`,
            withOperator,
          )
    expect(response.statusCode, response.body).toBe(200)
  }

  async function detail(id: number) {
    const answer = await api.portal('/Complaint/Detail', { id })
    return answer.data as PublishedComplaintDetail | null
  }

  it('is published as a PDF anyone may open, with every piece of personal data masked, and never as the original', async () => {
    const filing = await validFiling(t.db, t.storage)
    const { complaintNo } = await fileComplaint(
      t.db,
      {},
      ComplaintFilingSchema.parse({
        ...filing,
        complainant: {
          type: 'natural_person',
          role: 'bidder',
          ...PERSON,
        },
        contact: CONTACT,
        respondents: [...(filing.respondents ?? []), OTHER_RESPONDENT],
        requests: `请求重新评审。联系人${CONTACT.name}，电话${CONTACT.phone}。`,
      }),
    )
    await act(complaintNo, 'sign', {})
    await act(complaintNo, 'accept', {})
    await act(complaintNo, 'decide', {
      conclusion: 'partly_substantiated',
      findings: `经调查，评标专家${EXPERT}对投诉人${PERSON.name}（身份证号码${PERSON.idNumber}）的业绩认定有误；被投诉人${OTHER_RESPONDENT.name}（电话${OTHER_RESPONDENT.contact}，住${OTHER_RESPONDENT.address}）未按规定回避。投诉人住所${PERSON.address}。`,
      basis: '《中华人民共和国招标投标法实施条例》第七十一条',
      decision: `责令招标人组织重新评审，并将结果告知${CONTACT.email}。`,
      personalNames: [EXPERT],
    })

    const row = await t.db
      .selectFrom('complaint')
      .select('id')
      .where('complaintNo', '=', complaintNo)
      .executeTakeFirstOrThrow()
    const id = Number(row.id)
    const document = await t.db
      .selectFrom('complaintDocument')
      .innerJoin('file', 'file.id', 'complaintDocument.fileId')
      .select([
        'complaintDocument.publicFileId',
        'file.id as fileId',
        'file.name as fileName',
      ])
      .where('complaintDocument.complaintId', '=', id)
      .where('complaintDocument.kind', '=', 'decision')
      .executeTakeFirstOrThrow()
    expect(document.publicFileId).toBeTruthy()
    const publicFile = await t.db
      .selectFrom('file')
      .select(['id', 'name'])
      .where('id', '=', document.publicFileId!)
      .executeTakeFirstOrThrow()
    const publicUrl = `/files/${publicFile.id}/${encodeURIComponent(publicFile.name)}`
    // Not public before the result is.
    expect((await app.inject({ url: publicUrl })).statusCode).toBe(404)
    // Asked of the service: the Portal API would keep its answer for 10 s.
    expect(await findPublishedComplaintDetail(t.db, id)).toBeNull()

    await act(complaintNo, 'publish', {
      summary: `投诉部分属实，已责令重新评审。投诉人${PERSON.name}。`,
    })
    const published = await detail(id)
    expect(published?.decision).toEqual({
      title: '处理决定书（公开版）',
      fileName: `处理决定书（公开版）（${complaintNo}）.pdf`,
      url: publicUrl,
    })
    expect(published?.summary).not.toContain(PERSON.name)

    // Anyone opens it, and caches may keep it: it holds nothing personal.
    const opened = await app.inject({ url: published!.decision!.url })
    expect(opened.statusCode).toBe(200)
    expect(opened.headers['content-type']).toBe('application/pdf')
    expect(opened.headers['cache-control']).not.toContain('private')
    const text = await pdfText(opened.rawPayload)
    expect(text).toContain('处理决定书')
    expect(text).toContain('公开版')
    expect(text).toContain('经调查')
    expect(text).toContain('《中华人民共和国招标投标法实施条例》第七十一条')
    expect(text).toContain(complaintNo)
    for (const secret of [
      PERSON.name,
      PERSON.idNumber,
      PERSON.address,
      '解放北路',
      CONTACT.name,
      CONTACT.phone,
      CONTACT.email,
      OTHER_RESPONDENT.name,
      OTHER_RESPONDENT.contact,
      OTHER_RESPONDENT.address,
      '幸福路',
      EXPERT,
    ])
      expect(text, secret).not.toContain(secret.replace(/\s+/g, ''))
    // Organisations that are respondents are named: no personal data, and the public needs them.
    expect(text).toContain('阿拉尔市水利局')
    expect(text).toContain('本项目评标委员会')
    // Masked, not dropped: the reader sees where a name or a number stood.
    expect(text).toContain('乌鲁木****')
    expect(text).toContain('138*****766')

    // The original, with the personal data, stays the complainant's and staff's.
    const originalUrl = `/files/${document.fileId}/${encodeURIComponent(document.fileName)}`
    expect((await app.inject({ url: originalUrl })).statusCode).toBe(404)
    const forStaff = await app.inject({
      url: originalUrl,
      headers: { authorization: `Bearer ${await api.staffToken()}` },
    })
    expect(forStaff.statusCode).toBe(200)
    expect(await pdfText(forStaff.rawPayload)).toContain(PERSON.idNumber)
  })

  it('publishes the seeded decisions with their public version', async () => {
    const page = await api.portal('/Complaint/PageList', {
      pageNo: 1,
      pageSize: 10,
    })
    const rows = (page.data as { Table: { id: number }[] }).Table
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      const shown = await detail(row.id)
      expect(shown?.decision?.url).toMatch(/^\/files\//)
      const opened = await app.inject({ url: shown!.decision!.url })
      expect(opened.statusCode).toBe(200)
    }
  })
})
