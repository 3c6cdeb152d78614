import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ROLE_ADMIN, ROLE_SUPERVISOR } from '#common/constants/staff.ts'
import { creditCodeCheckCharacter } from '#common/schemas/credit.ts'
import type {
  ThresholdEntry,
  WarningDetail,
  WarningFigures,
  WarningPage,
} from '#common/schemas/supervision.ts'
import { createOfficialToken } from '#tests/complaint-test-api.ts'
import {
  announcementFields,
  contentStaff,
  projectFields,
  publicIdOf,
  publishItem,
  staffCaller,
  type StaffCaller,
} from '#tests/content-test-api.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { TEST_NOW } from '#tests/setup/test-clock.ts'
import { buildTestApp } from '#tests/test-app.ts'

const code = (first17: string) =>
  `${first17}${creditCodeCheckCharacter(first17)}`

describe.each(testEngines)('the 监督预警 queue on %s', (engine) => {
  let t: TestDatabase
  let app: FastifyInstance
  let staff: Awaited<ReturnType<typeof contentStaff>>
  let inspector: StaffCaller
  let otherInspector: StaffCaller
  let projectId: number
  const clock = new Date(TEST_NOW)

  beforeAll(async () => {
    t = await createTestDatabase(engine)
    app = await buildTestApp(t, {
      now: () => clock,
      contentScheduleIntervalMs: null,
    })
    staff = await contentStaff(app)
    inspector = staffCaller(
      app,
      await createOfficialToken(app, '孙监督', [ROLE_SUPERVISOR]),
    )
    otherInspector = staffCaller(
      app,
      await createOfficialToken(app, '钱监督', [ROLE_SUPERVISOR]),
    )
    const project = await publishItem(
      staff,
      'project',
      projectFields('SL-JG-2026-201', {
        name: '叶尔羌河灌区节水改造工程',
        tenderer: '喀什地区水利局',
      }),
    )
    projectId = publicIdOf(project)
    await publishItem(
      staff,
      'announcement',
      announcementFields(projectId, 'bidEvaluation', '中标候选人公示', {
        facts: {
          stage: 'bidEvaluation',
          method: '综合评估法',
          reportDate: '2026-11-02',
          publicityStart: '2026-11-03',
          publicityEnd: '2026-11-06',
          committeeSize: 6,
          candidates: [
            {
              rank: 1,
              bidder: {
                name: '新疆水利水电工程有限公司',
                creditCode: code('91650100MA776K2P5'),
              },
              price: 30_000_000,
              score: 90,
            },
          ],
          rejected: [],
        },
      }),
    )
  })
  afterAll(async () => {
    await app?.close()
    await t?.destroy()
  })

  // The demo tenders raise warnings of their own: this project's are found by its name.
  const open = async (caller: StaffCaller, query = '') =>
    (
      await caller.get(
        `/supervision/warnings?keyword=${encodeURIComponent('叶尔羌河灌区')}${query}`,
      )
    ).json<WarningPage>()
  const detail = async (id: number) =>
    (await inspector.get(`/supervision/warnings/${id}`)).json<WarningDetail>()

  it('is for the 监督检查 role only', async () => {
    for (const path of [
      '/supervision/warnings',
      '/supervision/figures',
      '/supervision/handlers',
    ]) {
      const refused = await staff.editor.get(path)
      expect(refused.statusCode).toBe(403)
      expect(refused.json().message).toMatch(/^此操作需要“监督检查”角色/)
    }
  })

  it('lists the warning with its project, and shows its inputs and trail', async () => {
    const page = await open(inspector)
    expect(page.total).toBe(1)
    expect(page.items[0]).toMatchObject({
      projectId,
      projectCode: 'SL-JG-2026-201',
      projectName: '叶尔羌河灌区节水改造工程',
      code: 'committee',
      name: '评标委员会组成不合规',
      state: 'raised',
      stateName: '待处理',
      assigneeName: null,
    })
    const shown = await detail(page.items[0]!.id)
    expect(shown.inputs).toEqual([{ label: '评标委员会人数', value: 6 }])
    expect(shown.basis).toContain('水利部令第14号')
    expect(shown.steps).toEqual([
      {
        at: expect.any(String),
        actorName: '预警引擎',
        action: '预警',
        note: '',
      },
    ])
    expect((await open(inspector, '&code=tenderPeriod')).total).toBe(0)
    expect((await open(inspector, '&code=committee')).total).toBe(1)
    expect((await open(inspector, '&assignee=me')).total).toBe(0)
  })

  it('assigns it, and refuses a step on a version the person did not see', async () => {
    const [item] = (await open(inspector)).items
    const handlers = (await inspector.get('/supervision/handlers')).json<{
      items: { id: number; name: string }[]
    }>()
    const other = handlers.items.find((h) => h.name === '钱监督')!
    const assigned = await inspector.call(
      'POST',
      `/supervision/warnings/${item!.id}/assign`,
      { assigneeId: other.id, base: { updatedAt: item!.updatedAt } },
    )
    expect(assigned.statusCode, assigned.body).toBe(200)
    expect(assigned.json<WarningDetail>().assigneeName).toBe('钱监督')
    expect((await open(otherInspector, '&assignee=me')).total).toBe(1)

    const stale = await inspector.call(
      'POST',
      `/supervision/warnings/${item!.id}/dispose`,
      { state: 'checking', base: { updatedAt: '2026-01-01 00:00:00' } },
    )
    expect(stale.statusCode).toBe(409)
    expect(stale.json().message).toContain('请刷新后查看最新情况')
  })

  it('asks for a reason to dismiss, and changes nothing without one', async () => {
    const [item] = (await open(inspector)).items
    const refused = await inspector.call(
      'POST',
      `/supervision/warnings/${item!.id}/dispose`,
      { state: 'dismissed', note: '  ', base: { updatedAt: item!.updatedAt } },
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('请填写排除理由')
    expect((await detail(item!.id)).state).toBe('raised')
  })

  it('verifies it into a 联动监管 draft prefilled from the warning', async () => {
    const [item] = (await open(inspector)).items
    const checking = await otherInspector.call(
      'POST',
      `/supervision/warnings/${item!.id}/dispose`,
      { state: 'checking', base: { updatedAt: item!.updatedAt } },
    )
    expect(checking.statusCode, checking.body).toBe(200)
    const verified = await otherInspector.call(
      'POST',
      `/supervision/warnings/${item!.id}/dispose`,
      {
        state: 'verified',
        note: '经调阅评标资料，评标委员会实到6人，抽取专家1人未到场且未补抽。',
        base: { updatedAt: checking.json<WarningDetail>().updatedAt },
      },
    )
    expect(verified.statusCode, verified.body).toBe(200)
    const shown = verified.json<WarningDetail>()
    expect(shown).toMatchObject({ state: 'verified', stateName: '已核实' })
    expect(shown.steps.map((s) => [s.actorName, s.action])).toEqual([
      ['预警引擎', '预警'],
      ['孙监督', '指派承办人'],
      ['钱监督', '核查中'],
      ['钱监督', '已核实'],
    ])
    const draft = await staff.editor.item(shown.linkageItemId!)
    expect(draft.kind).toBe('linkage')
    expect(draft.working.state).toBe('draft')
    expect(draft.working.fields).toMatchObject({
      projectId,
      item: '评标委员会组成不合规（《水利工程建设项目招标投标管理规定》（水利部令第14号）；《招标投标法》第三十七条）',
      responsibleUnit: '喀什地区水利局',
      status: 1,
    })
    expect((draft.working.fields as { finding: string }).finding).toContain(
      '抽取专家1人未到场',
    )

    const audit = await t.db
      .selectFrom('staffAudit')
      .select(['action', 'outcome', 'accountName'])
      .where('action', 'like', 'warning.%')
      .orderBy('id')
      .execute()
    // Each step, and each refusal, on the audit log.
    expect(audit.map((entry) => [entry.action, entry.outcome])).toEqual([
      ['warning.assign', 'ok'],
      ['warning.dispose', expect.not.stringMatching(/^ok$/)],
      ['warning.dispose', expect.not.stringMatching(/^ok$/)],
      ['warning.dispose', 'ok'],
      ['warning.dispose', 'ok'],
    ])
  })

  it('counts the open warnings for the 工作台', async () => {
    const figures = (
      await inspector.get('/supervision/figures')
    ).json<WarningFigures>()
    const all = (
      await inspector.get('/supervision/warnings?pageSize=100')
    ).json<WarningPage>()
    // The project's warning is verified now: only the demo tenders' are open.
    expect(figures.raised + figures.checking).toBe(all.total)
    expect(figures.raised).toBe(
      all.items.filter((w) => w.state === 'raised').length,
    )
    expect(figures.mine).toBe(0)
    expect(figures.byCode.reduce((sum, code) => sum + code.open, 0)).toBe(
      all.total,
    )
  })

  it('lets the 系统管理员 set a threshold, audited, and computes every warning again with it', async () => {
    const admin = staffCaller(
      app,
      await createOfficialToken(app, '吴管理员', [ROLE_ADMIN]),
    )
    const listed = await inspector.get('/supervision/thresholds')
    expect(listed.statusCode).toBe(200)
    const tenderPeriod = listed
      .json<{ items: ThresholdEntry[] }>()
      .items.find((item) => item.code === 'tenderPeriod')!
    expect(tenderPeriod.thresholds).toEqual([
      {
        key: 'minDays',
        label: '最短招标期',
        unit: '日',
        value: 20,
        defaultValue: 20,
        min: 1,
        max: 365,
      },
    ])
    const refused = await inspector.call(
      'PUT',
      '/supervision/thresholds/tenderPeriod',
      { values: { minDays: 40 } },
    )
    expect(refused.statusCode).toBe(403)
    const outOfRange = await admin.call(
      'PUT',
      '/supervision/thresholds/tenderPeriod',
      { values: { minDays: 400 } },
    )
    expect(outOfRange.statusCode).toBe(400)
    expect(outOfRange.json().message).toBe('最短招标期应在 1–365 日之间')

    const tenderPeriodWarnings = async () =>
      (
        await inspector.get(
          '/supervision/warnings?code=tenderPeriod&state=all&pageSize=100',
        )
      )
        .json<WarningPage>()
        .items.filter((w) => w.state !== 'cleared')
    const before = await tenderPeriodWarnings()
    const saved = await admin.call(
      'PUT',
      '/supervision/thresholds/tenderPeriod',
      { values: { minDays: 40 } },
    )
    expect(saved.statusCode, saved.body).toBe(200)
    const entry = saved
      .json<{ items: ThresholdEntry[] }>()
      .items.find((item) => item.code === 'tenderPeriod')!
    expect(entry).toMatchObject({ updatedBy: '吴管理员' })
    expect(entry.thresholds[0]!.value).toBe(40)
    // The demo tenders stay open 20 to 30 days: every one of them falls short of 40 now.
    const after = await tenderPeriodWarnings()
    expect(after.length).toBeGreaterThan(before.length)
    expect(after[0]!.explanation).toMatch(/少于设定的最短 40 日。$/)
    const audit = await t.db
      .selectFrom('staffAudit')
      .select(['target', 'detail'])
      .where('action', '=', 'warning.thresholds')
      .where('outcome', '=', 'ok')
      .execute()
    expect(audit).toHaveLength(1)
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({
      code: 'tenderPeriod',
      before: { minDays: 20 },
      after: { minDays: 40 },
    })
  })
})
