import { describe, expect, it } from 'vitest'

import { DEFAULT_THRESHOLDS } from '#common/constants/supervision.ts'
import type {
  BidEvaluationFacts,
  BidOpeningFacts,
  BidResultFacts,
  OpenedBid,
  TenderNoticeFacts,
} from '#common/schemas/content/stage-facts.ts'
import { officialCalendar } from '#server/complaints/working-calendar.ts'

import type { TenderHistory } from './tender-parties.ts'
import type { TenderRecord } from './tender-record.ts'
import { evaluateTender } from './warning-engine.ts'

// Each indicator at its boundary: the case that fires and the one just inside the law. Dates are
// chosen on the official calendar of 2026 (National Day 10-01 to 10-07, 10-10 a working
// Saturday).

const context = { thresholds: DEFAULT_THRESHOLDS, calendar: officialCalendar() }

const party = (n: number) => ({
  name: `第${n}投标单位有限公司`,
  creditCode: `9165010000000000${String(n).padStart(2, '0')}`,
})

const notice = (
  changes: Partial<TenderNoticeFacts> = {},
): TenderNoticeFacts => ({
  stage: 'bidNotice',
  noticeType: '招标公告',
  documentsFrom: '2026-03-04',
  documentsUntil: '2026-03-10',
  bidDeadline: '2026-03-24 10:00:00',
  openingTime: '2026-03-24 10:00:00',
  openingPlace: '开标室',
  ceilingPrice: 10_000_000,
  bidBond: 100_000,
  qualification: '',
  isRepeated: false,
  ...changes,
})

const bid = (n: number, price: number, opened = true): OpenedBid => ({
  bidder: party(n),
  price,
  durationDays: 300,
  quality: '合格',
  opened,
  rejectionReason: opened ? '' : '逾期送达',
})

const opening = (bids: OpenedBid[]): BidOpeningFacts => ({
  stage: 'bidOpening',
  bids,
})

const fourBids = () =>
  opening([
    bid(1, 9_310_000),
    bid(2, 9_520_500),
    bid(3, 9_705_000),
    bid(4, 9_260_300),
  ])

const evaluation = (
  changes: Partial<BidEvaluationFacts> = {},
): BidEvaluationFacts => ({
  stage: 'bidEvaluation',
  method: '综合评估法',
  reportDate: '2026-03-26',
  publicityStart: '2026-03-27',
  publicityEnd: '2026-03-30',
  committeeSize: 7,
  candidates: [
    { rank: 1, bidder: party(1), price: 9_310_000, score: 91 },
    { rank: 2, bidder: party(2), price: 9_520_500, score: 88 },
  ],
  rejected: [],
  ...changes,
})

const result = (changes: Partial<BidResultFacts> = {}): BidResultFacts => ({
  stage: 'bidResult',
  winner: party(1),
  price: 9_310_000,
  awardNoticeDate: '2026-04-01',
  contractDate: '2026-04-20',
  contractAmount: 9_310_000,
  ...changes,
})

const tender = (changes: Partial<TenderRecord> = {}): TenderRecord => ({
  projectId: 1,
  code: 'SL-2026-001',
  name: '某灌区续建配套与节水改造工程',
  category: 1,
  tenderer: '某水利局',
  amount: 1_000,
  notice: notice(),
  opening: fourBids(),
  evaluation: evaluation(),
  result: result(),
  ...changes,
})

const codes = (record: TenderRecord) =>
  evaluateTender(record, context).map((warning) => warning.code)
const warningOf = (record: TenderRecord, code: string) =>
  evaluateTender(record, context).find((warning) => warning.code === code)

describe('the warning engine', () => {
  it('raises nothing for a tender that keeps every rule', () => {
    expect(codes(tender())).toEqual([])
  })

  describe('tender period (招标投标法 art. 24)', () => {
    it('fires at 19 days and not at 20', () => {
      const short = tender({
        notice: notice({ bidDeadline: '2026-03-23 10:00:00' }),
      })
      expect(codes(short)).toEqual(['tenderPeriod'])
      expect(warningOf(short, 'tenderPeriod')?.explanation).toBe(
        '自招标文件开始发出（2026-03-04）至投标截止（2026-03-23）为 19 日，少于法定最短 20 日。',
      )
      expect(codes(tender())).not.toContain('tenderPeriod')
    })

    it('counts the holidays inside the period: 20 days across National Day are enough', () => {
      const acrossHolidays = tender({
        notice: notice({
          documentsFrom: '2026-09-22',
          documentsUntil: '2026-09-29',
          bidDeadline: '2026-10-12 10:00:00',
        }),
      })
      expect(codes(acrossHolidays)).not.toContain('tenderPeriod')
    })

    it('lengthens a period whose last day is a holiday to the next working day (民法典 art. 203)', () => {
      const from = { documentsFrom: '2026-09-11', documentsUntil: '2026-09-18' }
      const onHoliday = tender({
        notice: notice({ ...from, bidDeadline: '2026-10-07 10:00:00' }),
      })
      expect(warningOf(onHoliday, 'tenderPeriod')?.explanation).toBe(
        '自招标文件开始发出（2026-09-11）至投标截止（2026-10-07）为 26 日，第 20 日为休息日，期限顺延至 2026-10-08，投标截止早于此日。',
      )
      const afterHoliday = tender({
        notice: notice({ ...from, bidDeadline: '2026-10-08 10:00:00' }),
      })
      expect(codes(afterHoliday)).not.toContain('tenderPeriod')
    })

    it('leaves a prequalification notice to its own rules', () => {
      const prequalification = tender({
        notice: notice({
          noticeType: '资格预审公告',
          bidDeadline: '2026-03-12 10:00:00',
        }),
      })
      expect(codes(prequalification)).not.toContain('tenderPeriod')
    })
  })

  it('sale period (实施条例 art. 16): fires at 4 days, not at 5, nor at 5 ending on a Sunday', () => {
    // Monday 2026-03-02: the 5th day of sale, both ends counted, is Friday the 6th.
    const sale = (documentsUntil: string) =>
      tender({
        notice: notice({ documentsFrom: '2026-03-02', documentsUntil }),
      })
    expect(warningOf(sale('2026-03-05'), 'salePeriod')?.inputs).toContainEqual({
      label: '发售期（日）',
      value: 4,
    })
    expect(codes(sale('2026-03-06'))).not.toContain('salePeriod')
    // From Wednesday the 4th the 5th day is Sunday the 8th: the sale runs to Monday the 9th.
    const endingSunday = tender({
      notice: notice({
        documentsFrom: '2026-03-04',
        documentsUntil: '2026-03-08',
      }),
    })
    expect(warningOf(endingSunday, 'salePeriod')?.explanation).toBe(
      '招标文件自 2026-03-04 发售至 2026-03-08，共 5 日，第 5 日为休息日，发售期应顺延至 2026-03-09。',
    )
  })

  describe('too few bidders (招标投标法 art. 28)', () => {
    const twoOpened = opening([
      bid(1, 9_310_000),
      bid(2, 9_520_500),
      bid(3, 9_000_000, false),
    ])
    it('fires at 2 opened bids, not at 3', () => {
      expect(
        codes(tender({ opening: twoOpened, evaluation: null, result: null })),
      ).toEqual(['tooFewBidders'])
      expect(codes(tender())).not.toContain('tooFewBidders')
    })
    it('does not fire when the tender is a repeated one', () => {
      const repeated = tender({
        notice: notice({ isRepeated: true }),
        opening: twoOpened,
        evaluation: null,
        result: null,
      })
      expect(codes(repeated)).not.toContain('tooFewBidders')
    })
  })

  it('single valid bid (R018): one bid left after the evaluation rejected the others', () => {
    const rejectedAllButOne = tender({
      opening: opening([
        bid(1, 9_310_000),
        bid(2, 9_520_500),
        bid(3, 9_600_000),
      ]),
      evaluation: evaluation({
        rejected: [
          { bidder: party(2), reason: '未提供业绩证明' },
          { bidder: party(3), reason: '工期不满足要求' },
        ],
      }),
    })
    expect(codes(rejectedAllButOne)).toEqual([
      'singleValidBid',
      'lowestRejected',
    ])
    const twoLeft = tender({
      opening: opening([
        bid(1, 9_310_000),
        bid(2, 9_520_500),
        bid(3, 9_600_000),
      ]),
      evaluation: evaluation({
        rejected: [{ bidder: party(3), reason: '工期不满足要求' }],
      }),
    })
    expect(codes(twoLeft)).toEqual([])
  })

  describe('publicity (实施条例 art. 54)', () => {
    it('fires when published on the 4th day after the report, not on the 3rd', () => {
      const late = tender({
        evaluation: evaluation({
          publicityStart: '2026-03-30',
          publicityEnd: '2026-04-01',
        }),
        result: result({ awardNoticeDate: '2026-04-02' }),
      })
      expect(warningOf(late, 'publicity')?.explanation).toBe(
        '收到评标报告（2026-03-26）后第 4 日才开始公示，超过 3 日。',
      )
      const onTime = tender({
        evaluation: evaluation({
          publicityStart: '2026-03-29',
          publicityEnd: '2026-03-31',
        }),
        result: result({ awardNoticeDate: '2026-04-01' }),
      })
      expect(codes(onTime)).not.toContain('publicity')
    })
    it('fires for two days of publicity and for an award before it ends', () => {
      const short = tender({
        evaluation: evaluation({ publicityEnd: '2026-03-28' }),
      })
      expect(warningOf(short, 'publicity')?.explanation).toContain(
        '共 2 日，少于 3 日',
      )
      const early = tender({
        result: result({ awardNoticeDate: '2026-03-30' }),
      })
      expect(warningOf(early, 'publicity')?.explanation).toBe(
        '中标通知书于 2026-03-30 发出，公示期至 2026-03-30 尚未结束。',
      )
    })
  })

  it('late contract (招标投标法 art. 46): fires at 31 days, not at 30', () => {
    expect(
      codes(tender({ result: result({ contractDate: '2026-05-02' }) })),
    ).toEqual(['lateContract'])
    expect(
      codes(tender({ result: result({ contractDate: '2026-05-01' }) })),
    ).toEqual([])
  })

  it('bid bond (实施条例 art. 26): 2 % of the estimate is allowed, a fen more is not', () => {
    // 项目金额 1,000 万元: 2 % is 200,000.00 元.
    expect(
      codes(tender({ notice: notice({ bidBond: 200_000 }) })),
    ).not.toContain('bidBond')
    const above = tender({ notice: notice({ bidBond: 200_000.01 }) })
    expect(codes(above)).toEqual(['bidBond'])
    expect(warningOf(above, 'bidBond')?.explanation).toBe(
      '投标保证金 200,000.01 元 为项目估算价 10,000,000.00 元 的 2.00%，超过 2%。',
    )
  })

  describe('regular prices (实施条例 art. 40(四), R028)', () => {
    it('fires for identical prices and for prices in progression', () => {
      const identical = tender({
        opening: opening([
          bid(1, 9_310_000),
          bid(2, 9_310_000),
          bid(3, 9_705_000),
        ]),
      })
      expect(codes(identical)).toEqual(['regularPrices'])
      const arithmetic = tender({
        opening: opening([
          bid(1, 9_300_000),
          bid(2, 9_400_000),
          bid(3, 9_500_000),
        ]),
      })
      expect(warningOf(arithmetic, 'regularPrices')?.explanation).toContain(
        '等差',
      )
      const geometric = tender({
        opening: opening([
          bid(1, 8_000_000),
          bid(2, 8_800_000),
          bid(3, 9_680_000),
        ]),
      })
      expect(warningOf(geometric, 'regularPrices')?.explanation).toContain(
        '等比',
      )
    })
    it('does not fire for irregular prices, nor for two prices a fen apart', () => {
      expect(codes(tender())).not.toContain('regularPrices')
      const fenApart = tender({
        opening: opening([
          bid(1, 9_300_000),
          bid(2, 9_300_000.01),
          bid(3, 9_705_000),
        ]),
      })
      expect(codes(fenApart)).not.toContain('regularPrices')
    })
  })

  it('near the ceiling: within 1 % with 4 bidders fires; 1.01 % or 5 bidders does not', () => {
    const near = tender({ result: result({ price: 9_900_000 }) })
    expect(codes(near)).toEqual(['nearCeiling'])
    expect(
      codes(tender({ result: result({ price: 9_899_000 }) })),
    ).not.toContain('nearCeiling')
    const fiveBidders = tender({
      opening: opening([...fourBids().bids, bid(5, 9_990_000)]),
      result: result({ price: 9_900_000 }),
    })
    expect(codes(fiveBidders)).not.toContain('nearCeiling')
  })

  it('lowest rejected (R036) only where price decides', () => {
    const rejectLowest = {
      rejected: [{ bidder: party(4), reason: '报价低于成本' }],
    }
    const lowestPrice = tender({
      evaluation: evaluation({
        method: '经评审的最低投标价法',
        ...rejectLowest,
      }),
    })
    expect(codes(lowestPrice)).toEqual(['lowestRejected'])
    const byScore = tender({ evaluation: evaluation(rejectLowest) })
    expect(codes(byScore)).not.toContain('lowestRejected')
  })

  it('committee (水利部令第14号): fires for 6 or 5 members, not for 7', () => {
    expect(
      codes(tender({ evaluation: evaluation({ committeeSize: 6 }) })),
    ).toEqual(['committee'])
    expect(
      warningOf(
        tender({ evaluation: evaluation({ committeeSize: 5 }) }),
        'committee',
      )?.explanation,
    ).toBe(
      '评标委员会 5 人，少于 7 人；水利工程的评标委员会应为 7 人以上单数。',
    )
    expect(
      codes(tender({ evaluation: evaluation({ committeeSize: 9 }) })),
    ).toEqual([])
  })

  it('takes its thresholds from the context: a department that asks 25 days sees 20 fire', () => {
    const stricter = {
      ...context,
      thresholds: {
        ...DEFAULT_THRESHOLDS,
        tenderPeriod: { minDays: 25 },
      },
    }
    expect(
      evaluateTender(tender(), stricter).map((warning) => warning.code),
    ).toEqual(['tenderPeriod'])
  })

  it('gives the same fingerprint for the same inputs and a new one when they change', () => {
    const [first] = evaluateTender(
      tender({ evaluation: evaluation({ committeeSize: 6 }) }),
      context,
    )
    const [again] = evaluateTender(
      tender({ evaluation: evaluation({ committeeSize: 6 }) }),
      context,
    )
    const [changed] = evaluateTender(
      tender({ evaluation: evaluation({ committeeSize: 5 }) }),
      context,
    )
    expect(again!.fingerprint).toBe(first!.fingerprint)
    expect(changed!.fingerprint).not.toBe(first!.fingerprint)
  })

  describe('across tenders', () => {
    const history = (changes: Partial<TenderHistory> = {}): TenderHistory => ({
      sharedTenders: [],
      tendererAwards: [],
      ...changes,
    })
    const shared = (n: number, winner: number | null) => ({
      projectId: 100 + n,
      code: `SL-2025-0${n}`,
      bidDay: `2025-0${n}-10`,
      shared: 3,
      winner: winner === null ? null : party(winner).creditCode,
    })
    const crossCodes = (record: TenderRecord, h: TenderHistory) =>
      evaluateTender(record, context, h).map((warning) => warning.code)

    it('bidding ring: three tenders of the same bidders with the award going round', () => {
      const ring = history({ sharedTenders: [shared(1, 2), shared(2, 3)] })
      expect(crossCodes(tender(), ring)).toEqual(['biddingRing'])
      const explanation = evaluateTender(tender(), context, ring)[0]!
        .explanation
      expect(explanation).toBe(
        '本项目的投标人中至少 3 家在 24 个月内又在另外 2 个项目同场投标，中标人在其中 3 家之间轮换，符合围标的迹象，需核查投标人之间的关联。',
      )
    })

    it('bidding ring: not for two tenders, nor when one company always wins, nor for an outsider winning', () => {
      expect(
        crossCodes(tender(), history({ sharedTenders: [shared(1, 2)] })),
      ).toEqual([])
      expect(
        crossCodes(
          tender(),
          history({ sharedTenders: [shared(1, 1), shared(2, 1)] }),
        ),
      ).toEqual([])
      expect(
        crossCodes(
          tender(),
          history({ sharedTenders: [shared(1, 9), shared(2, 9)] }),
        ),
      ).toEqual([])
    })

    it('repeat winner: more than half of the tenderer’s awards, at least four', () => {
      const award = (n: number) => ({
        projectId: 200 + n,
        creditCode: party(n).creditCode,
      })
      // This award and two earlier to the same winner, of four: 3 of 4.
      expect(
        crossCodes(
          tender(),
          history({ tendererAwards: [award(1), award(1), award(2)] }),
        ),
      ).toEqual(['repeatWinner'])
      // 2 of 4: half is not more than half.
      expect(
        crossCodes(
          tender(),
          history({ tendererAwards: [award(1), award(2), award(3)] }),
        ),
      ).toEqual([])
      // 3 of 3: too few awards to tell.
      expect(
        crossCodes(tender(), history({ tendererAwards: [award(1), award(1)] })),
      ).toEqual([])
    })
  })
})
