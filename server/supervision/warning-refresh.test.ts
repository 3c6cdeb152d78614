import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { creditCodeCheckCharacter } from '#common/schemas/credit.ts'
import type { BidEvaluationFacts } from '#common/schemas/content/stage-facts.ts'
import type { ContentItemDetail } from '#common/schemas/content/workflow.ts'
import {
  announcementFields,
  contentStaff,
  projectFields,
  publicIdOf,
  publishItem,
  reviseItem,
} from '#tests/content-test-api.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { TEST_NOW } from '#tests/setup/test-clock.ts'
import { buildTestApp } from '#tests/test-app.ts'

import { findTenderHistory, historiesOf } from './tender-parties.ts'
import { findAllTenderRecords } from './tender-record-repository.ts'
import { rebuildWarnings } from './warning-refresh.ts'

// The warnings follow what is public: published with an announcement's facts, kept as staff left
// them while the inputs stay, raised again when they change, cleared when the announcement goes.

const code = (first17: string) =>
  `${first17}${creditCodeCheckCharacter(first17)}`
const bidders = [
  { name: '新疆水利水电工程有限公司', creditCode: code('91650100MA776K2P5') },
  { name: '新疆天山建设集团有限公司', creditCode: code('91650104MA77QMRX3') },
]

const evaluationFacts = (committeeSize: number): BidEvaluationFacts => ({
  stage: 'bidEvaluation',
  method: '综合评估法',
  reportDate: '2026-11-02',
  publicityStart: '2026-11-03',
  publicityEnd: '2026-11-06',
  committeeSize,
  candidates: [
    { rank: 1, bidder: bidders[0]!, price: 30_000_000, score: 90 },
    { rank: 2, bidder: bidders[1]!, price: 31_000_000, score: 85 },
  ],
  rejected: [],
})

describe.each(testEngines)('supervision warnings on %s', (engine) => {
  let t: TestDatabase
  let app: FastifyInstance
  let staff: Awaited<ReturnType<typeof contentStaff>>
  const clock = new Date(TEST_NOW)

  beforeAll(async () => {
    t = await createTestDatabase(engine)
    app = await buildTestApp(t, {
      now: () => clock,
      contentScheduleIntervalMs: null,
    })
    staff = await contentStaff(app)
  })
  afterAll(async () => {
    await app?.close()
    await t?.destroy()
  })

  const warningsOf = (projectId: number) =>
    t.db
      .selectFrom('supervisionWarning')
      .select(['code', 'state', 'explanation', 'raisedAt'])
      .where('projectId', '=', projectId)
      .orderBy('code')
      .execute()

  let projectId: number
  let evaluation: ContentItemDetail

  it('raises a warning when an announcement whose facts break a rule is published', async () => {
    const project = await publishItem(
      staff,
      'project',
      projectFields('SL-JG-2026-117'),
    )
    projectId = publicIdOf(project)
    evaluation = await publishItem(
      staff,
      'announcement',
      announcementFields(projectId, 'bidEvaluation', '中标候选人公示', {
        facts: evaluationFacts(6),
      }),
    )
    expect(await warningsOf(projectId)).toEqual([
      {
        code: 'committee',
        state: 'raised',
        explanation:
          '评标委员会 6 人，少于 7 人且为双数；水利工程的评标委员会应为 7 人以上单数。',
        raisedAt: expect.any(String),
      },
    ])
  })

  it('keeps what staff decided while the inputs stay, and raises it again when they change', async () => {
    await t.db
      .updateTable('supervisionWarning')
      .set({
        state: 'dismissed',
        dispositionNote: '专家临时缺席，已按规定补抽',
      })
      .where('projectId', '=', projectId)
      .execute()
    evaluation = await reviseItem(staff, evaluation, {
      ...announcementFields(
        projectId,
        'bidEvaluation',
        '中标候选人公示（更新）',
      ),
      facts: evaluationFacts(6),
    })
    expect((await warningsOf(projectId)).map((w) => w.state)).toEqual([
      'dismissed',
    ])
    evaluation = await reviseItem(staff, evaluation, {
      ...announcementFields(
        projectId,
        'bidEvaluation',
        '中标候选人公示（更新）',
      ),
      facts: evaluationFacts(5),
    })
    const [reopened] = await warningsOf(projectId)
    expect(reopened).toMatchObject({
      state: 'raised',
      explanation:
        '评标委员会 5 人，少于 7 人；水利工程的评标委员会应为 7 人以上单数。',
    })
  })

  it('clears the warning when the facts no longer break the rule, and when the announcement is withdrawn', async () => {
    evaluation = await reviseItem(staff, evaluation, {
      ...announcementFields(
        projectId,
        'bidEvaluation',
        '中标候选人公示（更新）',
      ),
      facts: evaluationFacts(7),
    })
    expect((await warningsOf(projectId)).map((w) => w.state)).toEqual([
      'cleared',
    ])
    evaluation = await reviseItem(staff, evaluation, {
      ...announcementFields(
        projectId,
        'bidEvaluation',
        '中标候选人公示（更新）',
      ),
      facts: evaluationFacts(9 - 1),
    })
    expect((await warningsOf(projectId)).map((w) => w.state)).toEqual([
      'raised',
    ])
    const withdrawn = await staff.reviewer.call(
      'POST',
      `/content/items/${evaluation.id}/withdraw`,
      { reason: '公示内容有误，撤回重发' },
    )
    expect(withdrawn.statusCode, withdrawn.body).toBe(200)
    expect((await warningsOf(projectId)).map((w) => w.state)).toEqual([
      'cleared',
    ])
  })

  it('computes from nothing what the publications computed one by one', async () => {
    const bond = await publishItem(
      staff,
      'project',
      projectFields('SL-JG-2026-118', { amount: 1000 }),
    )
    const bondProject = publicIdOf(bond)
    await publishItem(
      staff,
      'announcement',
      announcementFields(bondProject, 'bidNotice', '招标公告', {
        facts: {
          stage: 'bidNotice',
          noticeType: '招标公告',
          documentsFrom: '2026-11-02',
          documentsUntil: '2026-11-09',
          bidDeadline: '2026-11-23 10:00:00',
          openingTime: '2026-11-23 10:00:00',
          openingPlace: '开标室',
          ceilingPrice: null,
          bidBond: 250_000,
          qualification: '',
          isRepeated: false,
        },
      }),
    )
    const stored = async () =>
      (
        await t.db
          .selectFrom('supervisionWarning')
          .select(['projectId', 'code', 'state', 'explanation'])
          .orderBy('projectId')
          .orderBy('code')
          .execute()
      ).map(({ projectId, code, state, explanation }) => ({
        projectId,
        code,
        state,
        explanation,
      }))
    const before = await stored()
    expect(before).toContainEqual({
      projectId: bondProject,
      code: 'bidBond',
      state: 'raised',
      explanation:
        '投标保证金 250,000.00 元 为项目估算价 10,000,000.00 元 的 2.50%，超过 2%。',
    })
    await t.db.deleteFrom('supervisionWarningStep').execute()
    await t.db.deleteFrom('supervisionWarning').execute()
    const rebuilt = await rebuildWarnings(t.db, clock)
    // The demo tenders' own, and this one's.
    expect(rebuilt.warnings).toBe(
      before.filter((warning) => warning.state !== 'cleared').length,
    )
    expect(await stored()).toEqual(
      before.filter((warning) => warning.state !== 'cleared'),
    )
  })

  it('finds the same companies bidding together again, with the award going round among them', async () => {
    const companies = [
      { name: '新疆甲水利工程有限公司', creditCode: code('91650100MA7A1K2P5') },
      { name: '新疆乙水利工程有限公司', creditCode: code('91650100MA7A2K2P5') },
      { name: '新疆丙水利工程有限公司', creditCode: code('91650100MA7A3K2P5') },
    ]
    const tenderRing = async (n: number, month: string, winner: number) => {
      const project = await publishItem(
        staff,
        'project',
        projectFields(`SL-RING-${n}`, { tenderer: `第${n}水管处` }),
      )
      const id = publicIdOf(project)
      await publishItem(
        staff,
        'announcement',
        announcementFields(id, 'bidNotice', '招标公告', {
          facts: {
            stage: 'bidNotice',
            noticeType: '招标公告',
            documentsFrom: `2026-${month}-02`,
            documentsUntil: `2026-${month}-09`,
            bidDeadline: `2026-${month}-25 10:00:00`,
            openingTime: `2026-${month}-25 10:00:00`,
            openingPlace: '开标室',
            ceilingPrice: null,
            bidBond: null,
            qualification: '',
            isRepeated: false,
          },
        }),
      )
      await publishItem(
        staff,
        'announcement',
        announcementFields(id, 'bidOpening', '开标记录', {
          facts: {
            stage: 'bidOpening',
            bids: companies.map((bidder, i) => ({
              bidder,
              price: 30_000_000 + [0, 123_456, 301_789][i]! + n * 7_891,
              durationDays: 300,
              quality: '合格',
              opened: true,
              rejectionReason: '',
            })),
          },
        }),
      )
      await publishItem(
        staff,
        'announcement',
        announcementFields(id, 'bidResult', '中标结果公告', {
          facts: {
            stage: 'bidResult',
            winner: companies[winner]!,
            price: 30_000_000 + [0, 123_456, 301_789][winner]! + n * 7_891,
            awardNoticeDate: `2026-${month}-28`,
            contractDate: null,
            contractAmount: null,
          },
        }),
      )
      return id
    }
    const ringCodes = async (id: number) =>
      (await warningsOf(id))
        .filter((w) => w.state !== 'cleared')
        .map((w) => w.code)
    const first = await tenderRing(1, '03', 0)
    const second = await tenderRing(2, '05', 1)
    expect(await ringCodes(second)).toEqual([])
    const third = await tenderRing(3, '08', 2)
    expect(await ringCodes(third)).toEqual(['biddingRing'])
    const [ring] = await warningsOf(third)
    expect(ring!.explanation).toContain('又在另外 2 个项目同场投标')
    // The first two look back from themselves: nothing before them.
    expect(await ringCodes(first)).toEqual([])
    await rebuildWarnings(t.db, clock)
    expect(await ringCodes(third)).toEqual(['biddingRing'])
    expect(await ringCodes(second)).toEqual([])
  })

  it('finds the same history in memory (the rebuild) as in the table (one change)', async () => {
    await rebuildWarnings(t.db, clock)
    const records = await findAllTenderRecords(t.db)
    const windows = { ringMonths: 24, ringMinShared: 3, awardMonths: 12 }
    const inMemory = historiesOf(records, windows)
    let withHistory = 0
    for (const record of records) {
      const fromTable = await findTenderHistory(t.db, record, windows)
      expect(inMemory.get(record.projectId)).toEqual(fromTable)
      if (fromTable.sharedTenders.length + fromTable.tendererAwards.length > 0)
        withHistory++
    }
    expect(withHistory).toBeGreaterThan(2)
  })
})
