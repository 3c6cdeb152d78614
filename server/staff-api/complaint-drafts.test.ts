import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ROLE_HANDLER, ROLE_HEAD } from '#common/constants/staff.ts'
import type { ComplaintStatus } from '#common/schemas/complaint/complaint-follow-up.ts'
import { fileComplaint } from '#server/complaints/file-complaint.ts'
import { findPublicFeedback } from '#server/complaints/published/complaint-feedback.ts'
import { createLogSmsSender } from '#server/shared/sms-sender.ts'
import { testConfig } from '#tests/app-config.ts'
import {
  complaintTestApi,
  createOfficialToken,
} from '#tests/complaint-test-api.ts'
import { validatedFiling } from '#tests/complaint-test-data.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'

const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`)

const DECISION = {
  conclusion: 'unsubstantiated',
  findings: '经查，评标委员会对投诉人业绩的认定符合招标文件的规定。',
  basis: '《工程建设项目招标投标活动投诉处理办法》第二十条',
  decision: '驳回投诉。',
  personalNames: [],
}

describe.each(testEngines)('拟稿 → 核稿 → 签发 on %s', (engine) => {
  let t: TestDatabase
  let app: FastifyInstance
  let api: ReturnType<typeof complaintTestApi>
  let clock = at('2026-11-02 09:00:00')
  // 马文 drafts; 钱处长 and 孙处长 are heads; a head may draft too, but not issue it.
  const people = {} as Record<'handler' | 'head' | 'otherHead', string>

  beforeAll(async () => {
    t = await createTestDatabase(engine, { isEmpty: true })
    app = await buildTestApp(t, {
      sms: createLogSmsSender({ info() {} }),
      now: () => clock,
      autoAcceptIntervalMs: null,
    })
    api = complaintTestApi(app, { ...testConfig(''), dataDir: t.dataDir })
    people.handler = await createOfficialToken(app, '马文', [ROLE_HANDLER])
    people.head = await createOfficialToken(app, '钱处长', [ROLE_HEAD])
    people.otherHead = await createOfficialToken(app, '孙处长', [ROLE_HEAD])
  })
  afterAll(async () => {
    await app?.close()
    await t?.destroy()
  })

  const as = (who: keyof typeof people) => ({
    post: (path: string, body: Record<string, unknown> = {}) =>
      api.staff(path, body, people[who]),
    get: (path: string) => api.staff(path, undefined, people[who]),
    put: (path: string, body: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: `/staff-api${path}`,
        payload: body,
        headers: { authorization: `Bearer ${people[who]}` },
      }),
  })

  async function acceptedComplaint() {
    clock = at('2026-11-02 09:00:00')
    const filing = await validatedFiling(t.db, t.storage)
    const access = await fileComplaint(t.db, { now: () => clock }, filing)
    clock = at('2026-11-02 11:00:00')
    for (const action of ['sign', 'accept'])
      expect(
        (
          await as('handler').post(
            `/complaints/${access.complaintNo}/actions/${action}`,
          )
        ).statusCode,
      ).toBe(200)
    return access
  }
  const auditActions = async (no: string) =>
    (
      await t.db
        .selectFrom('staffAudit as a')
        .innerJoin('staffAccount as s', 's.id', 'a.accountId')
        .select(['a.action', 's.displayName'])
        .where('a.target', '=', no)
        .where('a.outcome', '=', 'ok')
        .orderBy('a.id')
        .execute()
    ).map((row) => `${row.displayName} ${row.action}`)

  it('has the handler draft, a head return it with comments, and another head than the drafter issue exactly what was submitted', async () => {
    const access = await acceptedComplaint()
    const no = access.complaintNo
    const draftPath = `/complaints/${no}/decision-draft`

    // Before anyone saves, the draft made from the record.
    let r = await as('handler').get(draftPath)
    expect(r.statusCode).toBe(200)
    expect(r.json()).toMatchObject({ conclusion: null, draft: null })
    expect(r.json().findings).toContain('投诉人')

    // Saved as typed, blanks and all; it is the handler's draft.
    clock = at('2026-11-10 09:30:00')
    r = await as('handler').put(draftPath, {
      ...DECISION,
      conclusion: null,
      decision: '【待填写：处理决定】',
    })
    expect(r.statusCode, r.body).toBe(200)
    r = await as('handler').get(draftPath)
    expect(r.json()).toMatchObject({
      conclusion: null,
      decision: '【待填写：处理决定】',
      draft: {
        status: 'editing',
        drafter: { name: '马文' },
        savedAt: '2026-11-10 09:30:00',
        submittedAt: null,
        review: null,
      },
    })

    // Nothing can be issued before it is submitted.
    r = await as('head').post(`/complaints/${no}/actions/decide`, DECISION)
    expect(r.statusCode).toBe(409)
    expect(r.json().message).toContain('处理决定书尚未送核')

    // Submitting checks it as the decide action would.
    r = await as('handler').post(`${draftPath}/submit`, {
      ...DECISION,
      decision: '【待填写：处理决定】',
    })
    expect(r.statusCode).toBe(400)
    clock = at('2026-11-10 10:00:00')
    r = await as('handler').post(`${draftPath}/submit`, DECISION)
    expect(r.statusCode, r.body).toBe(200)
    expect(r.json().complaint.decisionDraft).toMatchObject({
      status: 'submitted',
      drafter: { name: '马文' },
      submittedAt: '2026-11-10 10:00:00',
    })
    // The heads find it in the queue.
    r = await as('head').get('/complaints?flag=draft_submitted')
    expect(
      r.json().items.map((item: { complaintNo: string }) => item.complaintNo),
    ).toEqual([no])
    r = await as('head').get('/complaints/dashboard')
    expect(r.json().awaitingReview).toBe(1)
    // The handler who signed owns it: 我承办的投诉 is the total of the queue's assignee=me.
    const mine = (await as('handler').get('/complaints/dashboard')).json().mine
    const queue = await as('handler').get('/complaints?assignee=me')
    expect(mine).toBeGreaterThanOrEqual(1)
    expect(mine).toBe(queue.json().total)
    expect(
      queue
        .json()
        .items.map((item: { complaintNo: string }) => item.complaintNo),
    ).toContain(no)
    // What the head checks does not change under them.
    r = await as('handler').put(draftPath, DECISION)
    expect(r.statusCode).toBe(409)
    expect(r.json().message).toBe(
      '处理决定书已由马文送核，正在核稿，退回后才能修改',
    )
    // 投诉处理 cannot check or issue.
    r = await as('handler').post(`${draftPath}/return`, { comment: '请修改。' })
    expect(r.statusCode).toBe(403)

    // 核稿: returned with comments, which the drafter reads with the draft.
    clock = at('2026-11-10 14:00:00')
    r = await as('head').post(`${draftPath}/return`, {
      comment: '请写明业绩认定所依据的招标文件条款。',
    })
    expect(r.statusCode, r.body).toBe(200)
    r = await as('handler').get(draftPath)
    expect(r.json().draft).toMatchObject({
      status: 'returned',
      review: {
        reviewerName: '钱处长',
        comment: '请写明业绩认定所依据的招标文件条款。',
        reviewedAt: '2026-11-10 14:00:00',
      },
    })
    r = await as('head').post(`/complaints/${no}/actions/decide`, DECISION)
    expect(r.statusCode).toBe(409)

    // Written again and submitted; a head who drafted it may not issue it.
    const revised = {
      ...DECISION,
      findings: `${DECISION.findings}招标文件第三章第2.4款规定的业绩以合同签订时间为准。`,
    }
    r = await as('head').post(`${draftPath}/submit`, revised)
    expect(r.statusCode).toBe(200)
    r = await as('head').post(`/complaints/${no}/actions/decide`, revised)
    expect(r.statusCode).toBe(403)
    expect(r.json().message).toBe(
      '处理决定书由您拟稿，不能由您本人核稿签发，请另一位投诉负责人办理',
    )
    // Another head issues it, and only as it was submitted.
    r = await as('otherHead').post(`/complaints/${no}/actions/decide`, {
      ...revised,
      decision: '驳回投诉，并责令招标人公示。',
    })
    expect(r.statusCode).toBe(409)
    expect(r.json().message).toContain('与送核的处理决定书不一致')
    clock = at('2026-11-11 09:00:00')
    r = await as('otherHead').post(`/complaints/${no}/actions/decide`, revised)
    expect(r.statusCode, r.body).toBe(200)
    const issued = r.json().complaint
    expect(issued.state).toBe('decided')
    expect(issued.decisionDraft).toBeNull()
    expect(
      issued.timeline
        .filter((e: { type: string }) => e.type.startsWith('draft-'))
        .map((e: { label: string; actor: { name: string } }) => [
          e.label,
          e.actor.name,
        ]),
    ).toEqual([
      ['送核稿', '马文'],
      ['核稿退回', '钱处长'],
      ['送核稿', '钱处长'],
    ])
    expect(
      issued.timeline.find((e: { type: string }) => e.type === 'draft-return')
        .internalNote,
    ).toBe('请写明业绩认定所依据的招标文件条款。')

    // The complainant sees the decision, not the department's drafts.
    const followUp = await api.regional('GET', '/api/xjslts/tsbhcx', access)
    const status = followUp.json<{ Data: ComplaintStatus }>().Data
    expect(status.timeline.map((e) => e.type)).not.toContain('draft-submit')
    expect(status.timeline.map((e) => e.type)).toContain('decide')

    expect(await auditActions(no)).toEqual(
      expect.arrayContaining([
        '马文 complaint.decision-draft.save',
        '马文 complaint.decision-draft.submit',
        '钱处长 complaint.decision-draft.return',
        '钱处长 complaint.decision-draft.submit',
        '孙处长 complaint.decide',
      ]),
    )
  })

  it('publishes a result only when a head other than the one who proposed it lets it out', async () => {
    const access = await acceptedComplaint()
    const no = access.complaintNo
    expect((await api.letOut(no, 'decide', DECISION)).statusCode).toBe(200)
    const summary = { summary: '经调查，投诉缺乏事实根据，依法驳回投诉。' }
    let r = await as('head').post(`/complaints/${no}/actions/publish`, summary)
    expect(r.statusCode).toBe(409)
    expect(r.json().message).toContain('公开的处理结果摘要尚未送核')

    r = await as('head').post(
      `/complaints/${no}/publication-draft/submit`,
      summary,
    )
    expect(r.statusCode, r.body).toBe(200)
    expect(r.json().complaint.publicationDraft).toMatchObject({
      status: 'submitted',
      drafter: { name: '钱处长' },
      summary: summary.summary,
    })
    r = await as('head').post(`/complaints/${no}/actions/publish`, summary)
    expect(r.statusCode).toBe(403)
    r = await as('otherHead').post(`/complaints/${no}/actions/publish`, summary)
    expect(r.statusCode, r.body).toBe(200)
    expect(r.json().complaint).toMatchObject({
      isPublished: true,
      publicationDraft: null,
    })
    // Once published, nothing more is proposed.
    r = await as('handler').post(
      `/complaints/${no}/publication-draft/submit`,
      summary,
    )
    expect(r.statusCode).toBe(409)
    expect(r.json().message).toBe('处理结果已公开')
  })

  it('drafts a decision only for an accepted complaint, and refuses an unknown number', async () => {
    clock = at('2026-11-02 09:00:00')
    const filing = await validatedFiling(t.db, t.storage)
    const { complaintNo } = await fileComplaint(
      t.db,
      { now: () => clock },
      filing,
    )
    let r = await as('handler').put(
      `/complaints/${complaintNo}/decision-draft`,
      DECISION,
    )
    expect(r.statusCode).toBe(409)
    expect(r.json().message).toBe(
      '只有已受理、尚未作出处理决定的投诉才能起草处理决定书',
    )
    r = await as('handler').put(
      '/complaints/209901010001/decision-draft',
      DECISION,
    )
    expect(r.statusCode).toBe(404)
    r = await as('handler').put(`/complaints/${complaintNo}/decision-draft`, {
      ...DECISION,
      findings: 'x'.repeat(10_001),
    })
    expect(r.statusCode).toBe(400)
    expect(r.json().message).toContain('调查认定的事实不能超过10000个字')
  })
})

describe.each(testEngines)('feedback replies on %s', (engine) => {
  let t: TestDatabase
  let app: FastifyInstance
  let api: ReturnType<typeof complaintTestApi>
  const people = {} as Record<'handler' | 'otherHandler', string>

  beforeAll(async () => {
    t = await createTestDatabase(engine, { isEmpty: true })
    app = await buildTestApp(t, { now: () => at('2026-11-12 09:00:00') })
    api = complaintTestApi(app, { ...testConfig(''), dataDir: t.dataDir })
    people.handler = await createOfficialToken(app, '马文', [ROLE_HANDLER])
    people.otherHandler = await createOfficialToken(app, '李娜', [ROLE_HANDLER])
  })
  afterAll(async () => {
    await app?.close()
    await t?.destroy()
  })

  // Asked of the service: the Portal API would keep its answer for 10 s.
  const publicTitles = async () =>
    (await findPublicFeedback(t.db, { pageNo: 1, pageSize: 20 })).Table.map(
      (row) => `${row.title}：${row.reply}`,
    )

  it('puts a reply on the public page only once a second person approves it, and keeps it as approved', async () => {
    const inserted = await t.db
      .insertInto('complaintFeedback')
      .values({
        complaintId: null,
        name: '王小明',
        phone: '13712345678',
        title: '关于公开时间的建议',
        content: '建议注明重新评审的完成时间。',
        createdAt: '2026-11-11 09:00:00',
        reply: null,
        repliedAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const id = Number(inserted.id)
    const reply = { reply: '感谢建议，已在后续公开中注明。', isPublic: true }
    let r = await api.staff(`/feedback/${id}/reply`, reply, people.handler)
    expect(r.statusCode, r.body).toBe(200)
    expect(await publicTitles()).toEqual([])
    const listed = await api.staff(
      '/feedback?pageNo=1&pageSize=10',
      undefined,
      people.handler,
    )
    expect(listed.json().items[0]).toMatchObject({
      isPublic: 0,
      isPublicationRequested: 1,
      replierName: '马文',
    })

    r = await api.staff(`/feedback/${id}/approve`, {}, people.handler)
    expect(r.statusCode).toBe(403)
    expect(r.json().message).toBe(
      '答复由您本人撰写，需由另一位工作人员核准后才能公开',
    )
    expect(await publicTitles()).toEqual([])

    r = await api.staff(`/feedback/${id}/approve`, {}, people.otherHandler)
    expect(r.statusCode, r.body).toBe(200)
    expect(await publicTitles()).toEqual([
      '关于公开时间的建议：感谢建议，已在后续公开中注明。',
    ])
    // Public, it is part of the record.
    r = await api.staff(
      `/feedback/${id}/reply`,
      { reply: '另一段答复内容。', isPublic: true },
      people.otherHandler,
    )
    expect(r.statusCode).toBe(409)
    expect(r.json().message).toBe('该留言的答复已公开，不能再修改')
    r = await api.staff(`/feedback/${id}/approve`, {}, people.otherHandler)
    expect(r.statusCode).toBe(409)
    expect(await publicTitles()).toEqual([
      '关于公开时间的建议：感谢建议，已在后续公开中注明。',
    ])
  })
})
