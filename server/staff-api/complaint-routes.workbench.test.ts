import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  ROLE_AUDITOR,
  ROLE_HANDLER,
  ROLE_HEAD,
} from '#common/constants/staff.ts'
import type { StaffComplaintItem } from '#common/schemas/complaint/complaint-queue.ts'
import { fileComplaint } from '#server/complaints/file-complaint.ts'
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
import { pdfText } from '#tests/pdf-text.ts'
import { buildTestApp } from '#tests/test-app.ts'
import type { DatabaseEngine } from '#server/db/database.ts'

const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`)

/**
 * A workbench of its own, for the describe that calls it: an empty database (no demo
 * complaints, so every figure is the test's own), the portal on it with a clock the tests set,
 * and the helpers they share. Tests that change what others count get one of their own, so
 * that every test holds in any order.
 */
function workbench(engine: DatabaseEngine) {
  const w = { clock: at('2026-11-02 09:00:00') } as {
    t: TestDatabase
    app: FastifyInstance
    api: ReturnType<typeof complaintTestApi>
    clock: Date
  }
  beforeAll(async () => {
    w.t = await createTestDatabase(engine, { isEmpty: true })
    w.app = await buildTestApp(w.t, {
      sms: createLogSmsSender({ info() {} }),
      now: () => w.clock,
      autoAcceptIntervalMs: null,
    })
    w.api = complaintTestApi(w.app, { ...testConfig(''), dataDir: w.t.dataDir })
  })
  afterAll(async () => {
    await w.app?.close()
    await w.t?.destroy()
  })

  async function file(time: string) {
    w.clock = at(time)
    const filing = await validatedFiling(w.t.db, w.t.storage)
    return fileComplaint(w.t.db, { now: () => w.clock }, filing)
  }
  async function act(no: string, action: string, body = {}) {
    const r =
      action === 'decide' || action === 'publish'
        ? await w.api.letOut(no, action, body)
        : await w.api.staff(`/complaints/${no}/actions/${action}`, body)
    expect([action, r.statusCode]).toEqual([action, 200])
  }
  const queue = async (query: string) => {
    const r = await w.api.staff(`/complaints?${query}`)
    expect(r.statusCode).toBe(200)
    return r.json<{ items: StaffComplaintItem[]; total: number }>()
  }
  const numbers = async (query: string) =>
    (await queue(query)).items.map((item) => item.complaintNo)
  const count = async (table: 'complaintEvent' | 'file' | 'staffAudit') =>
    Number(
      (
        await w.t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const head = () => createOfficialToken(w.app, '钱处长', [ROLE_HEAD])
  return { w, file, act, queue, numbers, count, head }
}

describe.each(testEngines)('the complaint workbench on %s', (engine) => {
  describe('seven complaints of the first week of November', () => {
    const { w, file, act, queue, numbers, head } = workbench(engine)
    // Filed and handled in the first week of November 2026 (no holidays), seen on Thursday 11-05.
    const cases = {} as Record<
      | 'overdue'
      | 'dueToday'
      | 'dueSoon'
      | 'paused'
      | 'material'
      | 'ready'
      | 'withdrawal',
      { complaintNo: string; queryCode: string }
    >

    beforeAll(async () => {
      // Acceptance due 3 working days after submission (条例 art. 61).
      cases.overdue = await file('2026-10-30 09:00:00') // due 11-04
      cases.dueToday = await file('2026-11-02 09:10:00') // due 11-05
      cases.dueSoon = await file('2026-11-04 09:00:00') // due 11-09
      for (const key of ['paused', 'material', 'ready', 'withdrawal'] as const)
        cases[key] = await file('2026-11-02 10:00:00')
      w.clock = at('2026-11-02 11:00:00')
      for (const key of ['paused', 'material', 'ready'] as const) {
        await act(cases[key].complaintNo, 'sign')
        await act(cases[key].complaintNo, 'accept') // decision due 12-14
      }
      await act(cases.withdrawal.complaintNo, 'sign')
      w.clock = at('2026-11-03 09:00:00')
      await act(cases.paused.complaintNo, 'pause-clock', {
        kind: 'expert_review',
        reason: '组织专家复核业绩认定。',
      })
      await act(cases.material.complaintNo, 'request-material', {
        items: '请补充业绩合同的复印件。',
      })
      await act(cases.material.complaintNo, 'extend', {
        workdays: 5,
        statement: '需调取评标录像并询问全体评标专家。',
        approvedBy: '分管负责人',
      })
      await act(cases.ready.complaintNo, 'suspend-activity', {
        reason: '投诉事项可能影响中标结果。',
      })
      const withdrawn = await w.api.regional(
        'POST',
        '/api/xjslts/revoke/apply',
        {
          ...cases.withdrawal,
          reason: '已与招标人协商解决。',
        },
      )
      expect(withdrawn.statusCode).toBe(200)
    })

    it('shows each complaint with its statutory clock, nearest due date first', async () => {
      w.clock = at('2026-11-05 10:00:00')
      const { items, total } = await queue('')
      expect(total).toBe(7)
      expect(items.slice(0, 5).map((item) => item.complaintNo)).toEqual([
        cases.overdue.complaintNo,
        cases.dueToday.complaintNo,
        cases.dueSoon.complaintNo,
        cases.ready.complaintNo, // due 12-14
        cases.material.complaintNo, // due 12-14 + 5 working days
      ])
      const clockOf = (no: string) =>
        items.find((item) => item.complaintNo === no)!.clock
      expect(clockOf(cases.overdue.complaintNo)).toEqual({
        kind: 'acceptance',
        dueDate: '2026-11-04',
        workdaysLeft: -1,
        isPaused: false,
        pausedWorkdays: 0,
        isProvisional: false,
      })
      expect(clockOf(cases.dueToday.complaintNo).workdaysLeft).toBe(0)
      // 11-06 and 11-09 are left (the weekend is not).
      expect(clockOf(cases.dueSoon.complaintNo).workdaysLeft).toBe(2)
      expect(clockOf(cases.ready.complaintNo)).toMatchObject({
        kind: 'decision',
        dueDate: '2026-12-14',
        workdaysLeft: 27,
      })
      // Paused on 11-03: 11-03 and 11-04 so far, as resume-clock would count them today.
      expect(clockOf(cases.paused.complaintNo)).toEqual({
        kind: 'decision',
        dueDate: null,
        workdaysLeft: null,
        isPaused: true,
        pausedWorkdays: 2,
        isProvisional: false,
      })
      // A withdrawal asked before acceptance stops the acceptance clock.
      expect(clockOf(cases.withdrawal.complaintNo)).toMatchObject({
        kind: null,
        workdaysLeft: null,
      })
      expect(
        items.find((item) => item.complaintNo === cases.material.complaintNo),
      ).toMatchObject({ isExtended: true, isMaterialRequested: true })
      // Newest first on request.
      expect((await numbers('sort=newest'))[0]).toBe(cases.dueSoon.complaintNo)
    })

    it('filters by state, flag, deadline and keyword', async () => {
      w.clock = at('2026-11-05 10:00:00')
      expect(await numbers('deadline=overdue')).toEqual([
        cases.overdue.complaintNo,
      ])
      expect(await numbers('deadline=due_today')).toEqual([
        cases.dueToday.complaintNo,
      ])
      expect(await numbers('deadline=due_soon')).toEqual([
        cases.dueToday.complaintNo,
        cases.dueSoon.complaintNo,
      ])
      expect(await numbers('flag=clock_paused')).toEqual([
        cases.paused.complaintNo,
      ])
      expect(await numbers('flag=material_requested')).toEqual([
        cases.material.complaintNo,
      ])
      expect(await numbers('flag=extended')).toEqual([
        cases.material.complaintNo,
      ])
      expect(await numbers('flag=activity_suspended')).toEqual([
        cases.ready.complaintNo,
      ])
      expect(await numbers('flag=withdrawal_requested')).toEqual([
        cases.withdrawal.complaintNo,
      ])
      // Accepted, clock running, no material outstanding: only this one can be decided now.
      expect(await numbers('flag=ready_for_decision')).toEqual([
        cases.ready.complaintNo,
      ])
      expect((await queue('state=submitted')).total).toBe(3)
      expect(
        await numbers(`state=submitted&keyword=${cases.dueSoon.complaintNo}`),
      ).toEqual([cases.dueSoon.complaintNo])
      expect((await queue('keyword=塔里木河&state=&flag=')).total).toBe(7)
      // A LIKE wildcard typed as a keyword is a character, not "anything".
      expect((await queue(`keyword=${encodeURIComponent('%')}`)).total).toBe(0)
      const bad = await w.api.staff('/complaints?flag=urgent')
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toEqual({ message: '标记筛选条件无效' })
    })

    it('counts what needs the department today, for either complaint role', async () => {
      w.clock = at('2026-11-05 10:00:00')
      for (const roles of [[ROLE_HANDLER], [ROLE_HEAD]]) {
        const token = await createOfficialToken(w.app, '孙科员', roles)
        const r = await w.api.staff('/complaints/dashboard', undefined, token)
        expect(r.statusCode).toBe(200)
        expect(r.json()).toEqual({
          today: '2026-11-05',
          dueToday: 1,
          overdue: 1,
          dueSoon: 2,
          awaitingSigning: 3,
          awaitingDecision: 1,
          awaitingReview: 0,
          withdrawalRequests: 1,
          // A new account owns none.
          mine: 0,
        })
      }
    })

    it('drafts the decision from the record, leaving blanks the head must fill', async () => {
      w.clock = at('2026-11-05 10:00:00')
      const r = await w.api.staff(
        `/complaints/${cases.material.complaintNo}/decision-draft`,
        undefined,
        await head(),
      )
      expect(r.statusCode).toBe(200)
      const draft = r.json()
      expect(draft.conclusion).toBeNull()
      expect(draft.findings).toContain(
        '塔里木河干流防洪治理工程（阿拉尔段）施工',
      )
      expect(draft.findings).toContain('新疆天山水利建设有限公司（投标人）')
      expect(draft.findings).toContain(
        '被投诉人阿拉尔市水利局（招标人）称：【待填写',
      )
      expect(draft.findings).toContain('请补充业绩合同的复印件。')
      expect(draft.findings).toContain(
        '招标人于2026年11月13日作出答复：招标人维持原评标结果',
      )
      expect(draft.basis).toContain('投诉处理办法》第二十条')
      expect(draft.decision).toMatch(/^【待填写/)
      // The 投诉处理 drafts it (拟稿 → 核稿 → 签发); an auditor does not read it.
      const handler = await createOfficialToken(w.app, '孙科员', [ROLE_HANDLER])
      const drafted = await w.api.staff(
        `/complaints/${cases.material.complaintNo}/decision-draft`,
        undefined,
        handler,
      )
      expect(drafted.statusCode).toBe(200)
      expect(drafted.json().findings).toBe(draft.findings)
      const auditor = await createOfficialToken(w.app, '冯审计', [ROLE_AUDITOR])
      const refused = await w.api.staff(
        `/complaints/${cases.material.complaintNo}/decision-draft`,
        undefined,
        auditor,
      )
      expect(refused.statusCode).toBe(403)
    })

    it('refuses a preview the decide action would refuse, and an auditor', async () => {
      w.clock = at('2026-11-05 10:00:00')
      const body = {
        conclusion: 'unsubstantiated',
        findings: '经查，投诉事项缺乏事实依据。',
        basis: '《工程建设项目招标投标活动投诉处理办法》第二十条',
        decision: '驳回投诉。',
      }
      const paused = await w.app.inject({
        method: 'POST',
        url: `/staff-api/complaints/${cases.paused.complaintNo}/decision-preview`,
        payload: body,
        headers: { authorization: `Bearer ${await head()}` },
      })
      expect(paused.statusCode).toBe(409)
      expect(paused.json().message).toContain('请先恢复计时')
      const auditor = await w.app.inject({
        method: 'POST',
        url: `/staff-api/complaints/${cases.material.complaintNo}/decision-preview`,
        payload: body,
        headers: {
          authorization: `Bearer ${await createOfficialToken(w.app, '冯审计', [ROLE_AUDITOR])}`,
        },
      })
      expect(auditor.statusCode).toBe(403)
      expect(auditor.json().message).toBe(
        '此操作需要“投诉处理”或“投诉负责人”角色，您的令牌的角色：审计员',
      )
    })
    it('shows staff every document, transcripts included, and each respondent with its contact', async () => {
      w.clock = at('2026-11-06 10:00:00')
      const no = cases.paused.complaintNo
      await act(no, 'record-transcript', {
        title: '询问评标委员会组长笔录',
        place: '自治区水利厅三楼会议室',
        interviewee: '评标委员会组长 周某',
        interviewer: '赵科长、钱干事',
        occurredAt: '2026-11-06 09:00:00',
        content: '问：业绩为何未予认定？\n答：当时认为合同金额不足。',
        isVisibleToComplainant: false,
      })
      const detail = (await w.api.staff(`/complaints/${no}`)).json()
      expect(detail.transcripts).toEqual([
        expect.objectContaining({
          title: '询问评标委员会组长笔录',
          isVisibleToComplainant: false,
        }),
      ])
      expect(detail.documents.map((d: { label: string }) => d.label)).toEqual([
        '受理通知书',
        '期限中止告知书',
        '调查笔录',
      ])
      expect(detail.respondents[0]).toEqual({
        role: 'tenderer',
        roleLabel: '招标人',
        name: '阿拉尔市水利局',
        contact: null,
        address: '阿拉尔市',
      })
    })
  })

  describe('the 承办人 of each complaint', () => {
    const { w, file, queue, numbers, head } = workbench(engine)

    it('is the person signing, is changed by a head with a reason, in bulk from the queue, and never shown to the complainant', async () => {
      const handler = await createOfficialToken(w.app, '刘办理', [ROLE_HANDLER])
      const other = await createOfficialToken(w.app, '马文', [ROLE_HANDLER])
      const chief = await head()
      const [first, second] = [
        await file('2026-11-02 09:00:00'),
        await file('2026-11-02 09:05:00'),
      ]
      const assignees = await w.api.staff(
        '/complaints/assignees',
        undefined,
        chief,
      )
      const ids = Object.fromEntries(
        assignees
          .json<{ items: { id: number; name: string }[] }>()
          .items.map((s) => [s.name, s.id]),
      )
      // A head alone cannot own a case: only 投诉处理 accounts are offered.
      expect(Object.keys(ids)).toEqual(
        expect.arrayContaining(['刘办理', '马文']),
      )
      expect(ids['钱处长']).toBeUndefined()

      // A handler signs for himself; naming another is a head's choice, refused with nothing signed.
      let r = await w.api.staff(
        `/complaints/${first.complaintNo}/actions/sign`,
        { assigneeId: ids['马文'] },
        handler,
      )
      expect(r.statusCode).toBe(403)
      expect(r.json().message).toBe(
        '只有投诉负责人可以在签收时指定他人为承办人；不指定则由签收人承办',
      )
      expect(
        (await queue(`keyword=${first.complaintNo}`)).items[0]?.state,
      ).toBe('submitted')
      for (const { complaintNo } of [first, second]) {
        r = await w.api.staff(
          `/complaints/${complaintNo}/actions/sign`,
          {},
          handler,
        )
        expect(r.statusCode).toBe(200)
      }
      expect(r.json().complaint.assignee).toEqual({
        id: ids['刘办理'],
        name: '刘办理',
      })
      const mine = await w.api.staff(
        '/complaints?assignee=me',
        undefined,
        handler,
      )
      expect(
        mine
          .json<{ items: StaffComplaintItem[] }>()
          .items.map((i) => [i.complaintNo, i.assignee?.name]),
      ).toEqual(
        expect.arrayContaining([
          [first.complaintNo, '刘办理'],
          [second.complaintNo, '刘办理'],
        ]),
      )
      expect(await numbers('assignee=none')).not.toContain(first.complaintNo)

      // Reassigning is a head's, with a reason; a handler is refused.
      const assign = {
        complaintNos: [first.complaintNo, second.complaintNo],
        assigneeId: ids['马文'],
        reason: '刘办理出差，转马文承办。',
      }
      expect(
        (await w.api.staff('/complaints/assign', assign, handler)).statusCode,
      ).toBe(403)
      expect(
        (
          await w.api.staff(
            '/complaints/assign',
            { ...assign, reason: '' },
            chief,
          )
        ).json().message,
      ).toBe('分派理由不能少于2个字')
      expect(
        (
          await w.api.staff(
            '/complaints/assign',
            { ...assign, assigneeId: 999_999 },
            chief,
          )
        ).json().message,
      ).toBe('所选承办人不存在、已停用或没有“投诉处理”角色，请重新选择')
      r = await w.api.staff('/complaints/assign', assign, chief)
      expect(r.statusCode).toBe(200)
      expect(r.json().changed).toHaveLength(2)
      expect(await numbers(`assignee=${ids['马文']}`)).toEqual(
        expect.arrayContaining([first.complaintNo, second.complaintNo]),
      )
      expect(
        (
          await w.api.staff('/complaints?assignee=me', undefined, handler)
        ).json().total,
      ).toBe(0)

      const detail = (
        await w.api.staff(`/complaints/${first.complaintNo}`, undefined, other)
      ).json()
      expect(detail.assignee).toEqual({ id: ids['马文'], name: '马文' })
      expect(
        detail.timeline
          .filter((e: { type: string }) => e.type === 'assign')
          .map((e: { reason: string; actor: { name: string } }) => [
            e.actor.name,
            e.reason,
          ]),
      ).toEqual([
        ['刘办理', '签收时确定承办人：刘办理'],
        ['钱处长', '承办人：刘办理 → 马文。理由：刘办理出差，转马文承办。'],
      ])
      const complainant = await w.api.regional(
        'GET',
        '/api/xjslts/tsbhcx',
        first,
      )
      const seen = JSON.stringify(complainant.json().Data)
      expect(seen).not.toContain('马文')
      expect(seen).not.toContain('承办人')
    })
  })

  describe('reads of personal data', () => {
    const { w, file } = workbench(engine)

    it('puts every opening of a complaint unmasked and every download of its files in the audit log, found by the complaint number or the file name', async () => {
      const filed = await file('2026-11-02 09:00:00')
      const detail = await w.api.staff(`/complaints/${filed.complaintNo}`)
      expect(detail.statusCode).toBe(200)
      const letter = detail.json<{ formFile: { name: string; url: string } }>()
        .formFile
      const download = await w.app.inject({
        method: 'GET',
        url: letter.url,
        headers: { authorization: `Bearer ${await w.api.staffToken()}` },
      })
      expect(download.statusCode).toBe(200)

      const auditor = await createOfficialToken(w.app, '冯审计', [ROLE_AUDITOR])
      const found = async (query: string) =>
        (await w.api.staff(`/audit?${query}`, undefined, auditor)).json<{
          items: { action: string; target: string; accountName: string }[]
        }>().items
      expect(
        (await found(`target=${filed.complaintNo}`)).map((e) => e.action),
      ).toContain('complaint.read')
      const reads = await found(
        `action=file.read&target=${encodeURIComponent(letter.name)}`,
      )
      expect(reads).toHaveLength(1)
      expect(reads[0]?.target).toContain(letter.name)
      // The search is by part of the target, and nothing else matches a number never filed.
      expect(await found('target=209912319999')).toEqual([])
    })
  })

  describe('a complaint filed at the end of the year', () => {
    const { file, queue } = workbench(engine)

    it('marks a due date in the provisional year 暂定', async () => {
      // Filed 2026-12-30: acceptance due 2027-01-04, a year the holiday data does not hold yet.
      const late = await file('2026-12-30 09:00:00')
      const { items } = await queue(`keyword=${late.complaintNo}`)
      expect(items[0]?.clock).toMatchObject({
        kind: 'acceptance',
        dueDate: '2027-01-04',
        isProvisional: true,
      })
    })
  })

  describe('the decision, previewed and then issued', () => {
    const { w, file, act, count, head } = workbench(engine)

    it('previews the 处理决定书 unsealed and marked 草稿, changing nothing, then issues the same text', async () => {
      // Accepted on 11-02 and the tender's activity suspended on 11-03, as the first week's ready one.
      const ready = await file('2026-11-02 10:00:00')
      w.clock = at('2026-11-02 11:00:00')
      await act(ready.complaintNo, 'sign')
      await act(ready.complaintNo, 'accept')
      w.clock = at('2026-11-03 09:00:00')
      await act(ready.complaintNo, 'suspend-activity', {
        reason: '投诉事项可能影响中标结果。',
      })
      w.clock = at('2026-11-05 10:00:00')
      const no = ready.complaintNo
      const token = await head()
      const draft = (
        await w.api.staff(`/complaints/${no}/decision-draft`, undefined, token)
      ).json()
      const preview = (body: object) =>
        w.app.inject({
          method: 'POST',
          url: `/staff-api/complaints/${no}/decision-preview`,
          payload: body,
          headers: { authorization: `Bearer ${token}` },
        })
      // The draft's blanks are never issued, nor previewed as if they could be.
      const blank = await preview({ ...draft, conclusion: 'unsubstantiated' })
      expect(blank.statusCode).toBe(400)
      expect(blank.json().message).toContain('仍有“【待填写…】”的内容')

      const body = {
        conclusion: 'partly_substantiated',
        findings:
          '一、投诉人所称业绩中一项符合招标文件要求。\n二、评标委员会未予认定有误。',
        basis: draft.basis,
        decision: '责令招标人组织原评标委员会对投诉人业绩重新评审。',
      }
      const before = await Promise.all([
        count('complaintEvent'),
        count('file'),
        count('staffAudit'),
      ])
      const r = await preview(body)
      expect(r.statusCode).toBe(200)
      expect(r.headers['content-type']).toBe('application/pdf')
      expect(r.headers['cache-control']).toBe('no-store')
      const text = await pdfText(r.rawPayload, { isRaw: true })
      expect(text).toContain('处理决定书')
      expect(text).toContain('草稿：仅供审阅，尚未签发')
      expect(text).toContain(
        '经调查查明：一、投诉人所称业绩中一项符合招标文件要求。',
      )
      // Each line typed is a paragraph of its own.
      expect(text).toContain('要求。二、评标委员会')
      expect(text).toContain('本机关认为，投诉部分属实。')
      // Unsealed: no signature in the file.
      expect(r.rawPayload.includes('/ByteRange')).toBe(false)
      expect(
        await Promise.all([
          count('complaintEvent'),
          count('file'),
          count('staffAudit'),
        ]),
      ).toEqual(before)
      const still = (await w.api.staff(`/complaints/${no}`)).json()
      expect(still.state).toBe('accepted')
      expect(still.documents.map((d: { label: string }) => d.label)).toEqual([
        '受理通知书',
        '暂停招标投标活动通知书',
      ])

      // 签发: the same text, sealed, without the draft's marks.
      const issued = await w.api.letOut(no, 'decide', body)
      expect(issued.statusCode).toBe(200)
      const decision = issued
        .json()
        .complaint.documents.find(
          (d: { kind: string }) => d.kind === 'decision',
        )
      const pdf = await w.app.inject({
        url: decision.url,
        headers: { authorization: `Bearer ${token}` },
      })
      const issuedText = await pdfText(pdf.rawPayload, { isRaw: true })
      expect(issuedText).not.toContain('草稿')
      const paragraphs = (whole: string) =>
        whole.slice(whole.indexOf('新疆天山'), whole.indexOf('第1页'))
      expect(paragraphs(issuedText)).toBe(paragraphs(text))
    })
  })
})
