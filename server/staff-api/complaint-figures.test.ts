import ExcelJS from 'exceljs'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ROLE_AUDITOR } from '#common/constants/staff.ts'
import type { StaffComplaintFigures } from '#common/schemas/complaint/complaint-figures.ts'
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
import { buildTestApp } from '#tests/test-app.ts'

const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`)

describe.each(testEngines)('投诉统计 on %s', (engine) => {
  let t: TestDatabase
  let app: FastifyInstance
  let api: ReturnType<typeof complaintTestApi>
  let clock = at('2026-11-02 09:00:00')

  // Four complaints of November and December 2026 (no holidays in between), seen on 12-10.
  beforeAll(async () => {
    t = await createTestDatabase(engine, { isEmpty: true })
    app = await buildTestApp(t, {
      sms: createLogSmsSender({ info() {} }),
      now: () => clock,
      autoAcceptIntervalMs: null,
    })
    api = complaintTestApi(app, { ...testConfig(''), dataDir: t.dataDir })
    const file = async (time: string) => {
      clock = at(time)
      const filing = await validatedFiling(t.db, t.storage)
      return fileComplaint(t.db, { now: () => clock }, filing)
    }
    const act = async (
      no: string,
      action: string,
      time: string,
      body: Record<string, unknown> = {},
    ) => {
      clock = at(time)
      const r =
        action === 'decide'
          ? await api.letOut(no, 'decide', body)
          : await api.staff(`/complaints/${no}/actions/${action}`, body)
      expect([action, r.statusCode, r.body]).toEqual([
        action,
        200,
        expect.anything(),
      ])
    }
    // Accepted two working days after receipt, decided seven working days after acceptance.
    const decided = await file('2026-11-02 09:00:00')
    await act(decided.complaintNo, 'sign', '2026-11-03 09:00:00')
    await act(decided.complaintNo, 'accept', '2026-11-04 09:00:00')
    await act(decided.complaintNo, 'decide', '2026-11-13 15:00:00', {
      conclusion: 'unsubstantiated',
      findings: '经查，评标委员会的业绩认定符合招标文件的规定。',
      basis: '《工程建设项目招标投标活动投诉处理办法》第二十条',
      decision: '驳回投诉。',
    })
    // Refused the next working day.
    const refused = await file('2026-11-02 10:00:00')
    await act(refused.complaintNo, 'sign', '2026-11-03 09:30:00')
    await act(refused.complaintNo, 'refuse', '2026-11-03 10:00:00', {
      reason: '投诉事项不属于本机关的受理范围。',
    })
    // Accepted the day it came, still open.
    const open = await file('2026-12-01 09:00:00')
    await act(open.complaintNo, 'sign', '2026-12-01 10:00:00')
    await act(open.complaintNo, 'accept', '2026-12-01 11:00:00')
    // Withdrawn by the complainant before anyone signed for it.
    const revoked = await file('2026-12-02 09:00:00')
    clock = at('2026-12-02 10:00:00')
    const r = await api.regional('POST', '/api/xjslts/revoke/apply', {
      ...revoked,
      reason: '已与招标人协商解决。',
    })
    expect(r.statusCode).toBe(200)
    clock = at('2026-12-10 10:00:00')
  })
  afterAll(async () => {
    await app?.close()
    await t?.destroy()
  })

  it('counts what came in and what became of it, the time limits kept and the working days taken, by month, type and 承办人', async () => {
    const r = await api.staff('/complaints/figures')
    expect(r.statusCode, r.body).toBe(200)
    const figures = r.json<StaffComplaintFigures>()
    expect(figures.year).toBe(2026)
    expect(figures.total).toMatchObject({
      received: 4,
      accepted: 2,
      refused: 1,
      withdrawn: 1,
      transferred: 0,
      decided: 1,
      open: 1,
      acceptanceOnTime: 3,
      decisionOnTime: 1,
      decisionOnTimeShare: 1,
      // 2 (accepted), 1 (refused) and 0 (accepted the day it came) working days.
      acceptanceDays: { count: 3, mean: 1, longest: 2 },
      decisionDays: { count: 1, mean: 7, longest: 7 },
    })
    expect(figures.byPeriod).toHaveLength(12)
    expect(
      figures.byPeriod
        .filter((p) => p.received > 0)
        .map((p) => [p.label, p.received, p.decided, p.open]),
    ).toEqual([
      ['2026年11月', 2, 1, 0],
      ['2026年12月', 2, 0, 1],
    ])
    expect(
      figures.byType.filter((p) => p.received > 0).map((p) => p.received),
    ).toEqual([4])
    expect(figures.byAssignee.map((p) => [p.label, p.received])).toEqual([
      ['赵科长', 3],
      ['未分派', 1],
    ])

    // The public figures (投诉处理情况) are the same, without the 承办人.
    const published = await api.portal('/Complaint/Figures', { year: 2026 })
    expect(published.status).toBe(200)
    expect(published.data).toMatchObject({
      year: 2026,
      period: 'month',
      total: figures.total,
      byType: figures.byType,
    })
    expect(published.data).not.toHaveProperty('byAssignee')
    expect(JSON.stringify(published.data)).not.toContain('赵科长')

    // And as open data, JSON and CSV, for anyone.
    const json = await app.inject({
      url: '/open-data/complaint-figures.json?year=2026',
    })
    expect(json.statusCode).toBe(200)
    expect(json.headers['access-control-allow-origin']).toBe('*')
    expect(json.json()).toEqual(published.data)
    const csv = await app.inject({
      url: '/open-data/complaint-figures.csv?year=2026&period=month',
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.body.startsWith('\uFEFF统计方式,分组,收到,受理,不予受理')).toBe(
      true,
    )
    expect(csv.body).toContain('按月,2026年11月,2,1,1,0,0,1,0,2,1,1,1.5,2,7,7')
    expect(csv.body).toContain('全年,合计,4,')
    const refused = await app.inject({
      url: '/open-data/complaint-figures.json?year=1&period=week',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toContain('年份或统计周期无效')

    const quarters = (
      await api.staff('/complaints/figures?year=2026&period=quarter')
    ).json<StaffComplaintFigures>()
    expect(quarters.byPeriod.map((p) => [p.label, p.received])).toEqual([
      ['2026年第一季度', 0],
      ['2026年第二季度', 0],
      ['2026年第三季度', 0],
      ['2026年第四季度', 4],
    ])
    const lastYear = (
      await api.staff('/complaints/figures?year=2025')
    ).json<StaffComplaintFigures>()
    expect(lastYear.total).toMatchObject({
      received: 0,
      decisionOnTimeShare: null,
      decisionDays: { count: 0, mean: null, longest: null },
    })
  })

  it('exports the same figures as a spreadsheet, in the audit log; refuses a bad year and an auditor', async () => {
    const r = await app.inject({
      url: '/staff-api/complaints/figures/export?year=2026&period=quarter',
      headers: { authorization: `Bearer ${await api.staffToken()}` },
    })
    expect(r.statusCode).toBe(200)
    expect(r.headers['content-type']).toContain('spreadsheetml')
    expect(
      decodeURIComponent(String(r.headers['content-disposition'])),
    ).toContain('投诉处理统计（2026年，按季度）.xlsx')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(r.rawPayload as unknown as ArrayBuffer)
    expect(book.worksheets.map((s) => s.name)).toEqual([
      '按季度',
      '按投诉类型',
      '按承办人',
    ])
    const sheet = book.getWorksheet('按季度')!
    expect(sheet.getRow(1).getCell(1).value).toBe('收到投诉的时间')
    expect(sheet.getRow(5).values).toEqual([
      undefined,
      '2026年第四季度',
      4,
      2,
      1,
      1,
      0,
      1,
      1,
      3,
      1,
      1,
      1,
      2,
      7,
      7,
    ])
    const audited = await t.db
      .selectFrom('staffAudit')
      .select(['target', 'outcome'])
      .where('action', '=', 'complaint.figures-export')
      .execute()
    expect(audited).toEqual([{ target: '2026', outcome: 'ok' }])

    const bad = await api.staff('/complaints/figures?year=abc')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('年份无效')
    const auditor = await createOfficialToken(app, '冯审计', [ROLE_AUDITOR])
    expect(
      (await api.staff('/complaints/figures', undefined, auditor)).statusCode,
    ).toBe(403)
  })
})
