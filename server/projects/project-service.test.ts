import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  currentStageOf,
  RESULT_NOTICE_STAGES,
  TENDER_NOTICE_STAGES,
  TRADE_CATEGORIES,
  TRADE_STAGE_KEYS,
  TRADE_STAGES,
  tradeCategory,
} from '#common/constants/trade.ts'
import {
  portalDay,
  portalMonth,
  portalWeek,
  scheduleRange,
} from '#common/date-range.ts'
import type { BusinessApi } from '#common/portal-api.ts'
import {
  LinkageDetailSchema,
  LinkagePageSchema,
  ProjectDetailSchema,
  ProjectHomeSummarySchema,
  ProjectLatestSchema,
  ProjectPageQuerySchema,
  ProjectPageSchema,
  ProjectStatisticsSchema,
  ProjectTypeTreeSchema,
  type ProjectPageQuery,
} from '#common/schemas/project.ts'
import {
  startOfShanghaiDay,
  toShanghaiText,
} from '#server/shared/publish-time.ts'
import type { Database } from '#server/db/schema.ts'
import {
  createTestDatabase,
  seededAt,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createBusinessApiService, lastMonths } from './project-service.ts'

const query = (q: Partial<ProjectPageQuery> = {}): ProjectPageQuery =>
  ProjectPageQuerySchema.parse(q)

describe('lastMonths', () => {
  it('counts back across a year end in Shanghai time', () => {
    // 2025-12-31T17:00Z is already January 1st in Urumqi's official (Beijing) time.
    expect(lastMonths(new Date('2025-12-31T17:00:00Z'), 3)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
    ])
  })
})

describe('project page query', () => {
  it('refuses a sub-type or stage outside the chosen category, in Chinese', () => {
    const subType = ProjectPageQuerySchema.safeParse({
      category: 1,
      subType: 201,
    })
    expect(subType.error?.issues[0]?.message).toBe('交易子类不属于所选交易类别')
    const stage = ProjectPageQuerySchema.safeParse({
      category: 2,
      stage: 'bidOpening',
    })
    expect(stage.error?.issues[0]?.message).toBe('所选交易类别没有该交易环节')
    const range = ProjectPageQuerySchema.safeParse({
      startTime: '2025-02-01 00:00:00',
      endTime: '2025-01-01 00:00:00',
    })
    expect(range.error?.issues[0]?.message).toBe('开始时间不能晚于结束时间')
  })

  it('refuses an unknown sort field or order, a current stage outside the category and an inverted opening range', () => {
    const issue = (input: Record<string, unknown>) => {
      const issues = ProjectPageQuerySchema.safeParse(input).error?.issues
      return issues && [issues[0]!.path.join('.'), issues[0]!.message]
    }
    expect(issue({ sort: 'name' })).toEqual(['sort', '排序字段无效'])
    expect(issue({ sort: 'openingTime', order: 'up' })).toEqual([
      'order',
      '排序方向无效',
    ])
    expect(issue({ category: 3, currentStage: 'bidNotice' })).toEqual([
      'currentStage',
      '所选交易类别没有该交易环节',
    ])
    expect(
      issue({
        openingStart: '2025-02-01 00:00:00',
        openingEnd: '2025-01-01 00:00:00',
      }),
    ).toEqual(['openingStart', '开始时间不能晚于结束时间'])
    expect(
      issue({ registrationStart: '2025-02-01', registrationEnd: '2025-03-01' }),
    ).toEqual(['registrationStart', '时间格式应为 YYYY-MM-DD HH:mm:ss'])
    expect(
      ProjectPageQuerySchema.parse({ sort: 'openingTime', order: 'asc' }),
    ).toMatchObject({ sort: 'openingTime', order: 'asc' })
  })
})

/**
 * Counts the statements a call sends, to rule out N+1: by their results, since a subquery
 * passes through transformQuery too.
 */
function countingDb(db: Kysely<Database>) {
  const counter = { statements: 0 }
  const counted = db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.statements++
      return args.result
    },
  })
  return { counted, counter }
}

describe.each(testEngines)('business API service on %s', (engine) => {
  let test: TestDatabase
  let api: BusinessApi
  let projectCount: number

  beforeAll(async () => {
    test = await createTestDatabase(engine)
    api = createBusinessApiService(test.db, () => seededAt)
    const row = await test.db
      .selectFrom('project')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    projectCount = Number(row.n)
  })
  afterAll(() => test.destroy())

  it('serves the seven categories with their sub-types as the cascader tree', async () => {
    const tree = ProjectTypeTreeSchema.parse(await api.projectTypeTree())
    expect(tree.map((node) => node.label)).toEqual([
      '工程建设',
      '政府采购',
      '土地使用权',
      '探矿权',
      '采矿权',
      '国有产权',
      '国有资产',
    ])
    expect(tree[0]?.children.map((c) => c.value)).toEqual([
      '101',
      '102',
      '103',
      '104',
    ])
  })

  it('lists each project once, newest announcement first, ten to a page', async () => {
    const page = await api.projectPageList(query())
    expect(ProjectPageSchema.parse(page)).toEqual(page)
    expect(page.Table).toHaveLength(10)
    expect(page.Total).toBe(projectCount)
    expect(projectCount).toBeGreaterThanOrEqual(50)
    const times = page.Table.map((row) => row.publishTime)
    expect(times).toEqual([...times].sort().reverse())
    // Without a stage a row shows the project's latest announcement: its current stage.
    for (const row of page.Table) {
      expect(row.stage).toBe(row.currentStage)
      expect(row.stageName).toBe(TRADE_STAGES[row.stage])
      expect(row.currentStageName).toBe(row.stageName)
    }
  })

  it('pages without overlap, in two statements', async () => {
    const { counted, counter } = countingDb(test.db)
    const counting = createBusinessApiService(counted, () => seededAt)
    const first = await counting.projectPageList(query({ pageSize: 7 }))
    expect(counter.statements).toBe(2)
    const second = await api.projectPageList(query({ pageSize: 7, pageNo: 2 }))
    const ids = [...first.Table, ...second.Table].map((row) => row.id)
    expect(new Set(ids).size).toBe(14)
  })

  it('filters by category and sub-type from the cascader, by region and by trade mode', async () => {
    const page = await api.projectPageList(
      query({ category: 1, subType: 101, pageSize: 100 }),
    )
    expect(page.Total).toBeGreaterThan(0)
    expect(page.Total).toBeLessThan(projectCount)
    for (const row of page.Table) {
      expect([row.categoryName, row.subTypeName]).toEqual(['工程建设', '施工'])
    }
    const region = page.Table[0]!.regionCode
    const inRegion = await api.projectPageList(query({ region, pageSize: 100 }))
    expect(inRegion.Total).toBeGreaterThan(0)
    for (const row of inRegion.Table) expect(row.regionCode).toBe(region)
    const auctions = await api.projectPageList(
      query({ tradeMode: '拍卖', pageSize: 100 }),
    )
    expect(new Set(auctions.Table.map((row) => row.category))).toEqual(
      new Set([4, 5]),
    )
  })

  it('lists the announcements of one stage, and finds a project by a word of its name', async () => {
    const openings = await api.projectPageList(
      query({ category: 1, stage: 'bidOpening', pageSize: 100 }),
    )
    const works = await api.projectPageList(
      query({ category: 1, pageSize: 100 }),
    )
    // Every construction project but those whose bids are still to be opened.
    const unopened = works.Table.filter((row) =>
      ['entry', 'bidNotice', 'bidRegistration'].includes(row.currentStage!),
    )
    expect(unopened.length).toBeGreaterThan(0)
    expect(openings.Total).toBe(works.Total - unopened.length)
    for (const row of openings.Table) {
      expect(row.stage).toBe('bidOpening')
      expect(row.title).toContain('开标记录')
    }
    const name = works.Table[0]!.name
    const found = await api.projectPageList(
      query({ keyword: name.slice(0, 6) }),
    )
    expect(found.Table.map((row) => row.id)).toContain(works.Table[0]!.id)
    const none = await api.projectPageList(
      query({ keyword: '不存在的工程名称%' }),
    )
    expect(none).toEqual({ Table: [], Total: 0 })
  })

  it('keeps today under the 今天 preset and honours an explicit inclusive range', async () => {
    const today = toShanghaiText(startOfShanghaiDay(seededAt))
    const todays = await api.projectPageList(query({ timePreset: 'today' }))
    expect(todays.Total).toBeGreaterThanOrEqual(1)
    for (const row of todays.Table) expect(row.publishTime >= today).toBe(true)
    const all = await api.projectPageList(query({ pageSize: 100 }))
    const exact = all.Table[5]!.publishTime
    const range = await api.projectPageList(
      query({ startTime: exact, endTime: exact, pageSize: 100 }),
    )
    expect(range.Table.map((row) => row.publishTime)).toEqual(
      all.Table.filter((row) => row.publishTime === exact).map(
        (r) => r.publishTime,
      ),
    )
    const year = await api.projectPageList(query({ timePreset: '1y' }))
    expect(year.Total).toBeGreaterThan(todays.Total)
  })

  it('shows a project with every stage of its tab set in order, each with its announcement and files', async () => {
    const row = (
      await api.projectPageList(
        query({ category: 1, subType: 101, currentStage: 'bidResult' }),
      )
    ).Table[0]!
    const detail = (await api.projectDetail({ id: row.id }))!
    expect(ProjectDetailSchema.parse(detail)).toEqual(detail)
    expect(detail.stages.map((s) => s.stageName)).toEqual([
      '项目入场',
      '招标公告',
      '投标报名',
      '开标记录',
      '评标结果公示',
      '中标结果公告',
    ])
    const times = detail.stages.map((s) => s.announcement!.publishTime)
    expect(times).toEqual([...times].sort())
    expect(detail.publishTime).toBe(times[0])
    expect([detail.currentStage, detail.currentStageName]).toEqual([
      'bidResult',
      '中标结果公告',
    ])
    // The registration deadline and the opening are those its notices state.
    expect(detail.registrationDeadline).toBe(times[2])
    expect(detail.openingTime).toBe(times[3])
    const notice = detail.stages[1]!.announcement!
    expect(notice.content).toContain('<table>')
    expect(notice.content).toContain(detail.code)
    expect(notice.files[0]).toMatchObject({
      type: 1,
      url: expect.stringMatching(/^\/files\/.+\.pdf$/),
    })
    expect(await api.projectDetail({ id: 999_999 })).toBeNull()
  })

  it('sums projects by category and by month, zero-filled, consistent with each other', async () => {
    const stats = await api.projectStatistics({ months: 12 })
    expect(ProjectStatisticsSchema.parse(stats)).toEqual(stats)
    expect(stats.byMonth).toHaveLength(12)
    expect(stats.byMonth.at(-1)!.month).toBe(
      toShanghaiText(seededAt).slice(0, 7),
    )
    expect(stats.byCategory.map((c) => c.category)).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ])
    const byCategory = stats.byCategory.reduce((sum, c) => sum + c.count, 0)
    const byMonth = stats.byMonth.reduce((sum, m) => sum + m.count, 0)
    expect(byCategory).toBe(stats.total.count)
    expect(byMonth).toBe(stats.total.count)
    const since = `${stats.byMonth[0]!.month}-01 00:00:00`
    const row = await test.db
      .selectFrom('project')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('publishTime', '>=', since)
      .executeTakeFirstOrThrow()
    expect(stats.total.count).toBe(Number(row.n))
    for (const month of stats.byMonth) {
      expect(month.categories.reduce((sum, c) => sum + c.count, 0)).toBe(
        month.count,
      )
    }
  })

  it('gives the newest announcements of every stage of every category, in one statement', async () => {
    const { counted, counter } = countingDb(test.db)
    const latest = await createBusinessApiService(counted).projectLatest({
      size: 3,
    })
    expect(counter.statements).toBe(1)
    expect(ProjectLatestSchema.parse(latest)).toEqual(latest)
    expect(latest).toHaveLength(7)
    for (const category of latest) {
      const expected = TRADE_CATEGORIES.find(
        (c) => c.value === category.category,
      )!
      expect(category.stages.map((s) => s.stage)).toEqual(expected.stages)
      for (const stage of category.stages) {
        expect(stage.items.length).toBeGreaterThan(0)
        expect(stage.items.length).toBeLessThanOrEqual(3)
        for (const item of stage.items) {
          expect([item.category, item.stage]).toEqual([
            category.category,
            stage.stage,
          ])
        }
        const times = stage.items.map((item) => item.publishTime)
        expect(times).toEqual([...times].sort().reverse())
      }
    }
    const one = await api.projectLatest({ category: 6, size: 8 })
    expect(one.map((c) => c.categoryName)).toEqual(['国有产权'])
  })

  it('sorts by the registration deadline, the opening and the current stage, either way, projects without the date last', async () => {
    for (const sort of ['registrationDeadline', 'openingTime'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const page = await api.projectPageList(
          query({ sort, order, pageSize: 100 }),
        )
        expect(page.Total).toBe(projectCount)
        const values = page.Table.map((row) => row[sort])
        const dated = values.filter((value) => value !== null)
        expect(dated.length).toBeGreaterThan(20)
        expect(values).toEqual([
          ...dated,
          ...Array(values.length - dated.length).fill(null),
        ])
        const ascending = [...dated].sort()
        expect(dated).toEqual(order === 'asc' ? ascending : ascending.reverse())
      }
    }
    const byStage = await api.projectPageList(
      query({ sort: 'currentStage', order: 'asc', pageSize: 100 }),
    )
    const ranks = byStage.Table.map((row) =>
      TRADE_STAGE_KEYS.indexOf(row.currentStage!),
    )
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    expect(new Set(ranks).size).toBeGreaterThan(8)

    // Pages of a sorted list follow on from each other.
    const sorted = await api.projectPageList(
      query({ sort: 'openingTime', order: 'asc', pageSize: 20 }),
    )
    const first = await api.projectPageList(
      query({ sort: 'openingTime', order: 'asc' }),
    )
    const second = await api.projectPageList(
      query({ sort: 'openingTime', order: 'asc', pageNo: 2 }),
    )
    expect([...first.Table, ...second.Table].map((row) => row.id)).toEqual(
      sorted.Table.map((row) => row.id),
    )
  })

  it('filters by the current stage and by ranges of the registration deadline and the opening, as the rows say', async () => {
    const rows = await test.db
      .selectFrom('project')
      .select([
        'id',
        'category',
        'currentStage',
        'registrationDeadline',
        'openingTime',
      ])
      .execute()
    const ids = (page: { Table: { id: number }[] }) =>
      page.Table.map((row) => row.id).sort((a, b) => a - b)
    const expectIds = (found: { id: number }[]) =>
      found.map((row) => row.id).sort((a, b) => a - b)

    const atNotice = await api.projectPageList(
      query({ currentStage: 'bidNotice', pageSize: 100 }),
    )
    expect(atNotice.Total).toBeGreaterThan(0)
    expect(ids(atNotice)).toEqual(
      expectIds(rows.filter((row) => row.currentStage === 'bidNotice')),
    )
    for (const row of atNotice.Table)
      expect(row.currentStageName).toBe('招标公告')

    const week = scheduleRange('week', seededAt)
    const inWeek = (time: string | null) =>
      time !== null && time >= week.startTime && time <= week.endTime
    const openings = await api.projectPageList(
      query({
        openingStart: week.startTime,
        openingEnd: week.endTime,
        pageSize: 100,
      }),
    )
    expect(openings.Total).toBeGreaterThanOrEqual(3)
    expect(ids(openings)).toEqual(
      expectIds(rows.filter((row) => inWeek(row.openingTime))),
    )

    const month = scheduleRange('30d', seededAt)
    const deadlines = await api.projectPageList(
      query({
        category: 1,
        currentStage: 'bidNotice',
        registrationStart: month.startTime,
        registrationEnd: month.endTime,
        pageSize: 100,
      }),
    )
    expect(deadlines.Total).toBeGreaterThan(0)
    expect(ids(deadlines)).toEqual(
      expectIds(
        rows.filter(
          (row) =>
            row.category === 1 &&
            row.currentStage === 'bidNotice' &&
            row.registrationDeadline !== null &&
            row.registrationDeadline >= month.startTime &&
            row.registrationDeadline <= month.endTime,
        ),
      ),
    )
  })

  it("sums up today's business with figures and lists the rows bear out", async () => {
    const size = 4
    const { counted, counter } = countingDb(test.db)
    const summary = await createBusinessApiService(
      counted,
      () => seededAt,
    ).projectHomeSummary({ size })
    expect(ProjectHomeSummarySchema.parse(summary)).toEqual(summary)
    // Counts and short lists only: no statement per project.
    expect(counter.statements).toBe(12)

    const projects = await test.db.selectFrom('project').selectAll().execute()
    const announcements = await test.db
      .selectFrom('projectAnnouncement')
      .select(['id', 'projectId', 'stage', 'publishTime'])
      .execute()
    const stagesOf = Map.groupBy(announcements, (a) => a.projectId)
    const today = portalDay(seededAt)
    const week = portalWeek(seededAt)
    const month = portalMonth(seededAt)
    expect(summary).toMatchObject({
      today,
      weekStart: week.start,
      weekEnd: week.end,
      month: today.slice(0, 7),
    })

    const inProgress = projects.filter((project) => {
      const stage = currentStageOf(
        project.category,
        (stagesOf.get(project.id) ?? []).map((a) => a.stage),
      )
      return stage !== tradeCategory(project.category)!.stages.at(-1)
    })
    expect(inProgress.length).toBeGreaterThan(0)
    expect(summary.figures.inProgress).toBe(inProgress.length)
    expect(summary.figures.noticesThisMonth).toBe(
      announcements.filter(
        (a) =>
          a.publishTime >= month.startTime && a.publishTime <= month.endTime,
      ).length,
    )

    // Soonest first, then by id; the total counts all of them.
    const scheduled = (
      key: 'openingTime' | 'registrationDeadline',
      from: string,
      to: string,
    ) =>
      projects
        .filter((p) => p[key] !== null && p[key].slice(0, 10) >= from)
        .filter((p) => p[key]!.slice(0, 10) <= to)
        .sort((a, b) => a[key]!.localeCompare(b[key]!) || a.id - b.id)
    const expectList = (
      list: { total: number; items: { id: number }[] },
      expected: { id: number }[],
    ) => {
      expect(list.total).toBe(expected.length)
      expect(list.items.map((item) => item.id)).toEqual(
        expected.slice(0, size).map((p) => p.id),
      )
    }
    const openingsToday = scheduled('openingTime', today, today)
    // The demo opens bids on its first day, the day these templates were made.
    expect(openingsToday.length).toBeGreaterThanOrEqual(3)
    expectList(summary.openings.today, openingsToday)
    expectList(
      summary.openings.week,
      scheduled('openingTime', week.start, week.end),
    )
    expectList(
      summary.deadlines.today,
      scheduled('registrationDeadline', today, today),
    )
    expectList(
      summary.deadlines.week,
      scheduled('registrationDeadline', week.start, week.end),
    )
    expect(summary.figures.openingsThisWeek).toBe(summary.openings.week.total)
    expect(summary.figures.deadlinesThisWeek).toBe(summary.deadlines.week.total)
    const item = summary.openings.today.items[0]!
    const project = projects.find((p) => p.id === item.id)!
    expect(item).toMatchObject({
      name: project.name,
      openingTime: project.openingTime,
      currentStage: project.currentStage,
    })

    const newest = (stages: readonly string[]) =>
      announcements
        .filter((a) => stages.includes(a.stage))
        .sort(
          (a, b) => b.publishTime.localeCompare(a.publishTime) || b.id - a.id,
        )
        .slice(0, size)
        .map((a) => a.id)
    expect(summary.notices.tender.map((n) => n.announcementId)).toEqual(
      newest(TENDER_NOTICE_STAGES),
    )
    expect(summary.notices.result.map((n) => n.announcementId)).toEqual(
      newest(RESULT_NOTICE_STAGES),
    )
  })

  it('lists linkage records and shows one with its project and documents', async () => {
    const page = await api.linkagePageList({ pageNo: 1, pageSize: 100 })
    expect(LinkagePageSchema.parse(page)).toEqual(page)
    expect(page.Total).toBeGreaterThanOrEqual(8)
    const record = page.Table[0]!
    const detail = (await api.linkageDetail({ id: record.id }))!
    expect(LinkageDetailSchema.parse(detail)).toEqual(detail)
    expect(detail.project.id).toBe(record.projectId)
    expect(detail.files.length).toBeGreaterThanOrEqual(1)
    expect(detail.foundDate <= detail.deadline).toBe(true)
    const ofProject = await api.linkagePageList({
      pageNo: 1,
      pageSize: 10,
      projectId: record.projectId,
    })
    for (const row of ofProject.Table)
      expect(row.projectId).toBe(record.projectId)
    const project = (await api.projectDetail({ id: record.projectId }))!
    expect(project.linkages.map((l) => l.id)).toContain(record.id)
    expect(await api.linkageDetail({ id: 999_999 })).toBeNull()
  })
})
