import type { Thresholds } from '#common/constants/supervision.ts'

import type { TenderHistory } from '../tender-parties.ts'
import type { Finding, TenderRecord } from '../tender-record.ts'
import { openedBids } from '../tender-record.ts'

// Indicators that look beyond one tender, at the same companies' other bids and the same
// tenderer's other awards (tender-parties.ts finds them).

export type CrossTenderIndicator<C extends 'biddingRing' | 'repeatWinner'> = {
  code: C
  evaluate(
    record: TenderRecord,
    history: TenderHistory,
    thresholds: Thresholds,
  ): Finding | null
}

/**
 * 围标 (实施条例 art. 40): at least three of this tender's bidders bid together again in other
 * tenders of the last 24 months, at least three tenders in all, and the award went round among
 * them (two or more of them won).
 */
export const biddingRing: CrossTenderIndicator<'biddingRing'> = {
  code: 'biddingRing',
  evaluate(record, { sharedTenders }, thresholds) {
    const { minShared, minTenders, months } = thresholds.biddingRing
    const bidders = new Set(openedBids(record).map((b) => b.bidder.creditCode))
    const together = sharedTenders.filter((t) => t.shared >= minShared)
    if (together.length + 1 < minTenders) return null
    const winners = new Set(
      [
        record.result?.winner.creditCode,
        ...together.map((t) => t.winner),
      ].filter(
        (w): w is string => w !== null && w !== undefined && bidders.has(w),
      ),
    )
    if (winners.size < 2) return null
    const names = new Map(
      openedBids(record).map((b) => [b.bidder.creditCode, b.bidder.name]),
    )
    return {
      inputs: [
        { label: '同场投标的项目（个，含本项目）', value: together.length + 1 },
        {
          label: '这些项目',
          value: together
            .map((t) => `${t.code}（${t.bidDay}，同场 ${t.shared} 家）`)
            .join('、'),
        },
        {
          label: '轮流中标的单位',
          value: [...winners].map((w) => names.get(w) ?? w).join('、'),
        },
      ],
      explanation: `本项目的投标人中至少 ${minShared} 家在 ${months} 个月内又在另外 ${together.length} 个项目同场投标，中标人在其中 ${winners.size} 家之间轮换，符合围标的迹象，需核查投标人之间的关联。`,
    }
  },
}

/** One company winning more than half of one tenderer's awards in 12 months (at least 4). */
export const repeatWinner: CrossTenderIndicator<'repeatWinner'> = {
  code: 'repeatWinner',
  evaluate(record, { tendererAwards }, thresholds) {
    if (!record.result) return null
    const { months, minAwards, maxSharePercent } = thresholds.repeatWinner
    const winner = record.result.winner.creditCode
    const total = tendererAwards.length + 1
    const wins =
      tendererAwards.filter((award) => award.creditCode === winner).length + 1
    if (total < minAwards || wins * 100 <= total * maxSharePercent) return null
    return {
      inputs: [
        { label: '招标人', value: record.tenderer },
        { label: '中标人', value: record.result.winner.name },
        { label: `${months} 个月内招标人的中标项目（个）`, value: total },
        { label: '其中该中标人中标（个）', value: wins },
      ],
      explanation: `${months} 个月内该招标人共有 ${total} 个项目中标，其中 ${wins} 个由同一单位中标，超过 ${maxSharePercent}%。`,
    }
  },
}
