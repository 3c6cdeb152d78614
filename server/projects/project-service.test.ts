import { type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { TRADE_CATEGORIES, TRADE_STAGES } from '#common/constants/trade.ts'
import {
  LinkageDetailSchema,
  LinkagePageSchema,
  ProjectDetailSchema,
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
import { type Database } from '#server/db/schema.ts'
import {
  createTestDatabase,
  seededAt,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import {
  createBusinessApiService,
  lastMonths,
  type BusinessApi,
} from './project-service.ts'

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
    // Without a stage a row shows the project's latest announcement: its last stage here.
    for (const row of page.Table) {
      const stages = TRADE_CATEGORIES.find(
        (c) => c.value === row.category,
      )!.stages
      expect(row.stage).toBe(stages.at(-1))
      expect(row.stageName).toBe(TRADE_STAGES[row.stage])
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
    expect(openings.Total).toBe(works.Total)
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
      await api.projectPageList(query({ category: 1, subType: 101 }))
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
