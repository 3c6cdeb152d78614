import type { Insertable } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  INDICATOR_CODES,
  type IndicatorCode,
} from '#common/constants/supervision.ts'
import type { SupervisionStatistics } from '#common/schemas/supervision-statistics.ts'
import type { Database } from '#server/db/schema.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import {
  bidOpeningFacts,
  tenderNoticeFacts,
} from '#tests/stage-facts-fixtures.ts'

import {
  countStatisticsCells,
  createSupervisionStatistics,
  selectStatistics,
} from './supervision-statistics.ts'
import { refreshTenderFigures } from './tender-figures.ts'

// 监督统计 counted from the rows as publication leaves them: projects in 2030 and 2031, quarters no
// demo content reaches, so that every figure below is exactly what these rows make.

type State = 'raised' | 'checking' | 'verified' | 'dismissed' | 'cleared'

describe.each(testEngines)('supervision statistics on %s', (engine) => {
  let t: TestDatabase
  let serial = 0

  beforeAll(async () => {
    t = await createTestDatabase(engine)
  })
  afterAll(async () => {
    await t?.destroy()
  })

  async function project(
    publishTime: string,
    overrides: Partial<Insertable<Database['project']>> = {},
  ): Promise<number> {
    serial += 1
    const { id } = await t.db
      .insertInto('project')
      .values({
        code: `TJ-${engine}-${serial}`,
        name: `统计测试项目${serial}`,
        category: 1,
        subType: 101,
        regionCode: '650100',
        location: '乌鲁木齐市',
        tenderer: '某某水利管理处',
        agency: '',
        amount: 1000,
        tradeMode: '公开招标',
        fundSource: '',
        publishTime,
        registrationDeadline: null,
        openingTime: null,
        currentStage: null,
        createdAt: publishTime,
        updatedAt: publishTime,
        ...overrides,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return Number(id)
  }

  async function announce(
    projectId: number,
    stage: 'bidNotice' | 'bidOpening',
    facts: object | string,
    withdrawnAt: string | null = null,
  ) {
    await t.db
      .insertInto('projectAnnouncement')
      .values({
        projectId,
        stage,
        title: stage,
        content: '<p>详见附件。</p>',
        publishTime: '2030-02-01 09:00:00',
        isLatest: 0,
        createdAt: '2030-02-01 09:00:00',
        facts: typeof facts === 'string' ? facts : JSON.stringify(facts),
        withdrawnAt,
      })
      .execute()
    // As a publication does: the tender's figures follow its facts.
    await refreshTenderFigures(t.db, projectId)
  }

  async function linkageItem(itemState: 'draft' | 'published') {
    const { id } = await t.db
      .insertInto('contentItem')
      .values({
        kind: 'linkage',
        publicId: null,
        itemState,
        latestRevisionNo: 1,
        publishedRevisionNo: itemState === 'published' ? 1 : null,
        firstPublishedAt: null,
        withdrawalReason: null,
        withdrawnAt: null,
        withdrawnBy: null,
        createdAt: '2030-03-01 09:00:00',
        updatedAt: '2030-03-01 09:00:00',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return Number(id)
  }

  async function warn(
    projectId: number,
    code: IndicatorCode,
    state: State,
    linkageItemId: number | null = null,
  ) {
    const { id } = await t.db
      .insertInto('supervisionWarning')
      .values({
        projectId,
        code,
        inputs: '[]',
        explanation: '测试',
        fingerprint: `${projectId}-${code}`,
        state,
        assigneeId: null,
        dispositionNote: null,
        linkageItemId,
        raisedAt: '2030-03-01 09:00:00',
        updatedAt: '2030-03-01 09:00:00',
        clearedAt: state === 'cleared' ? '2030-03-02 09:00:00' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return Number(id)
  }

  const notice = (
    documentsFrom: string,
    bidDeadline: string,
    type = '招标公告',
  ) => ({
    ...tenderNoticeFacts,
    noticeType: type,
    documentsFrom,
    documentsUntil: documentsFrom,
    bidDeadline,
  })
  const opening = (opened: number, refused = 0) => ({
    stage: 'bidOpening',
    bids: [
      ...Array.from({ length: opened }, () => ({
        ...bidOpeningFacts.bids[0]!,
        opened: true,
      })),
      ...Array.from({ length: refused }, () => ({
        ...bidOpeningFacts.bids[2]!,
        opened: false,
      })),
    ],
  })

  const read = async (query: { year?: number; quarter?: number }) =>
    selectStatistics(await countStatisticsCells(t.db), query)
  const rowOf = (
    statistics: SupervisionStatistics,
    quarter: number,
    category: number,
  ) =>
    statistics.rows.find(
      (row) => row.quarter === quarter && row.category === category,
    )
  const indicator = (statistics: SupervisionStatistics, code: IndicatorCode) =>
    statistics.indicators.find((each) => each.code === code)

  let firstProject: number

  it('counts the tenders of a quarter by category, with the mean 招标期 of 招标公告 and the mean of bids opened', async () => {
    // 2030年第1季度: three 工程建设 tenders and one 政府采购 procurement.
    firstProject = await project('2030-01-05 10:00:00')
    await announce(
      firstProject,
      'bidNotice',
      notice('2030-01-06', '2030-01-26 10:00:00'),
    )
    await announce(firstProject, 'bidOpening', opening(4, 1))
    const second = await project('2030-03-31 23:59:59')
    await announce(
      second,
      'bidNotice',
      notice('2030-02-01', '2030-02-24 09:30:00'),
    )
    await announce(second, 'bidOpening', opening(2))
    // A 资格预审公告's deadline is for applications: no 招标期.
    const prequalified = await project('2030-02-10 08:00:00')
    await announce(
      prequalified,
      'bidNotice',
      notice('2030-02-11', '2030-02-16 09:00:00', '资格预审公告'),
    )
    const procurement = await project('2030-02-11 08:00:00', {
      category: 2,
      subType: 201,
    })
    // Facts that no longer read as their stage's are left out, never counted as nothing.
    await announce(procurement, 'bidNotice', '{"stage":"bidNotice",')
    await announce(procurement, 'bidOpening', tenderNoticeFacts)
    // Neither a withdrawn project nor a withdrawn announcement counts.
    const withdrawn = await project('2030-01-20 08:00:00', {
      withdrawnAt: '2030-01-25 08:00:00',
      withdrawalReason: '项目取消',
    })
    await announce(
      withdrawn,
      'bidNotice',
      notice('2030-01-21', '2030-01-23 09:00:00'),
    )
    await warn(withdrawn, 'tenderPeriod', 'verified')
    await announce(
      prequalified,
      'bidOpening',
      opening(9),
      '2030-03-01 08:00:00',
    )
    // The next quarter begins at 00:00 of 1 April, Beijing time.
    await project('2030-04-01 00:00:00')

    const statistics = await read({ year: 2030, quarter: 1 })
    expect(statistics.label).toBe('2030年第1季度')
    expect(
      statistics.rows.map((row) => [
        row.quarterLabel,
        row.categoryName,
        row.projects,
      ]),
    ).toEqual([
      ['2030年第1季度', '工程建设', 3],
      ['2030年第1季度', '政府采购', 1],
    ])
    // (20 + 23) / 2 days; (4 + 2) / 2 bids, the one refused at the opening left out.
    expect(rowOf(statistics, 1, 1)).toMatchObject({
      tenderDays: { count: 2, mean: 21.5 },
      bidders: { count: 2, mean: 3 },
    })
    expect(rowOf(statistics, 1, 2)).toMatchObject({
      tenderDays: { count: 0, mean: null },
      bidders: { count: 0, mean: null },
    })
    expect(statistics.total).toMatchObject({ projects: 4 })
    expect(statistics.total.warnings.raised).toBe(0)
  })

  it('counts each warning in its project’s quarter by its state, a cleared one as raised and cleared, and the 联动监管 records verified ones opened', async () => {
    const draft = await linkageItem('draft')
    const published = await linkageItem('published')
    await warn(firstProject, 'tenderPeriod', 'verified', published)
    await warn(firstProject, 'tooFewBidders', 'dismissed')
    await warn(firstProject, 'committee', 'cleared')
    const other = await project('2030-02-20 08:00:00')
    await warn(other, 'tenderPeriod', 'raised')
    await warn(other, 'committee', 'checking')
    await warn(other, 'bidBond', 'verified', draft)

    const statistics = await read({ year: 2030, quarter: 1 })
    expect(rowOf(statistics, 1, 1)).toMatchObject({
      projects: 4,
      warnings: { raised: 6, open: 2, verified: 2, dismissed: 1, cleared: 1 },
      linkageOpened: 2,
    })
    expect(rowOf(statistics, 1, 1)?.byIndicator).toEqual([
      {
        code: 'tenderPeriod',
        raised: 2,
        open: 1,
        verified: 1,
        dismissed: 0,
        cleared: 0,
      },
      {
        code: 'tooFewBidders',
        raised: 1,
        open: 0,
        verified: 0,
        dismissed: 1,
        cleared: 0,
      },
      {
        code: 'bidBond',
        raised: 1,
        open: 0,
        verified: 1,
        dismissed: 0,
        cleared: 0,
      },
      {
        code: 'committee',
        raised: 2,
        open: 1,
        verified: 0,
        dismissed: 0,
        cleared: 1,
      },
    ])
    expect(indicator(statistics, 'tenderPeriod')).toEqual({
      code: 'tenderPeriod',
      name: '招标期过短',
      basis: '《招标投标法》第二十四条',
      raised: 2,
      open: 1,
      verified: 1,
      dismissed: 0,
      cleared: 0,
      linkageOpened: 1,
    })
    // Every indicator is listed, those that raised nothing with noughts.
    expect(statistics.indicators.map((each) => each.code)).toEqual(
      INDICATOR_CODES,
    )
    expect(indicator(statistics, 'lateContract')?.raised).toBe(0)
    expect(statistics.linkage).toEqual({ opened: 2, published: 1 })
  })

  it('narrows to a year or a quarter, and lists every quarter with figures newest first', async () => {
    await project('2031-11-30 12:00:00')
    const year = await read({ year: 2030 })
    expect(year.label).toBe('2030年')
    expect(year.rows.map((row) => row.quarterLabel)).toEqual([
      '2030年第2季度',
      '2030年第1季度',
      '2030年第1季度',
    ])
    expect(year.total.projects).toBe(6)
    const all = await read({})
    expect(all.label).toBe('全部季度')
    expect(all.quarters.slice(0, 3)).toEqual([
      { year: 2031, quarter: 4, label: '2031年第4季度' },
      { year: 2030, quarter: 2, label: '2030年第2季度' },
      { year: 2030, quarter: 1, label: '2030年第1季度' },
    ])
    const none = await read({ year: 2030, quarter: 3 })
    expect(none.rows).toEqual([])
    expect(none.total.projects).toBe(0)
    expect(none.quarters).toEqual(all.quarters)
  })

  it('keeps the counted figures until content changes or the warnings do', async () => {
    const statistics = createSupervisionStatistics(t.db)
    const quarter = { year: 2031, quarter: 4 }
    const before = await statistics.read(quarter)
    expect(before.total.projects).toBe(1)
    expect(await statistics.read(quarter)).toBe(before)

    // A publication the reader is not told of yet is not counted...
    const added = await project('2031-12-01 12:00:00')
    expect((await statistics.read(quarter)).total.projects).toBe(1)
    // ...until the content change announcement clears the figures.
    statistics.clear()
    expect((await statistics.read(quarter)).total.projects).toBe(2)

    // Staff disposing of a warning change the figures without a publication.
    const id = await warn(added, 'salePeriod', 'raised')
    expect((await statistics.read(quarter)).total.warnings.raised).toBe(1)
    await t.db
      .updateTable('supervisionWarning')
      .set({ state: 'dismissed' })
      .where('id', '=', id)
      .execute()
    expect((await statistics.read(quarter)).total.warnings).toMatchObject({
      open: 0,
      dismissed: 1,
    })
  })
})
