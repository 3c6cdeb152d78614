import type { Indicator } from '../tender-record.ts'
import { openedBids, yuanText } from '../tender-record.ts'

// What the prices themselves show.

/** 实施条例 art. 26: a bid bond above 2 % of the estimate (项目金额, in 万元). */
export const bidBond: Indicator<'bidBond'> = {
  code: 'bidBond',
  evaluate({ notice, amount }, { thresholds }) {
    if (!notice?.bidBond || amount <= 0) return null
    const { maxPercent } = thresholds.bidBond
    const estimate = amount * 10_000
    const percent = (notice.bidBond / estimate) * 100
    // Compared in whole fen: 2 % of the estimate is allowed, a fen more is not.
    if (Math.round(notice.bidBond * 100) <= Math.round(estimate * maxPercent))
      return null
    return {
      inputs: [
        { label: '投标保证金', value: yuanText(notice.bidBond) },
        { label: '项目估算价', value: yuanText(estimate) },
        { label: '比例（%）', value: Number(percent.toFixed(2)) },
      ],
      explanation: `投标保证金 ${yuanText(notice.bidBond)} 为项目估算价 ${yuanText(estimate)} 的 ${percent.toFixed(2)}%，超过 ${maxPercent}%。`,
    }
  },
}

const fen = (price: number) => Math.round(price * 100)

/** Prices whose neighbours differ by one amount, or by one ratio (to a millionth). */
function progression(prices: number[]): '等差' | '等比' | null {
  if (prices.length < 3) return null
  const sorted = [...prices].sort((a, b) => a - b)
  const steps = sorted.slice(1).map((p, i) => fen(p) - fen(sorted[i]!))
  if (steps.every((step) => step === steps[0] && step > 0)) return '等差'
  if (sorted[0]! <= 0) return null
  const ratios = sorted.slice(1).map((p, i) => p / sorted[i]!)
  if (ratios.every((r) => Math.abs(r - ratios[0]!) < 1e-6 && r > 1))
    return '等比'
  return null
}

/**
 * 实施条例 art. 40(四) (投标报价呈规律性差异) and Cardinal R028 (identical prices): the opened
 * bids' prices identical, or in an arithmetic or geometric progression.
 */
export const regularPrices: Indicator<'regularPrices'> = {
  code: 'regularPrices',
  evaluate(record, { thresholds }) {
    const bids = openedBids(record)
    const prices = bids.map((bid) => bid.price)
    const identical = new Map<number, string[]>()
    for (const bid of bids)
      identical.set(fen(bid.price), [
        ...(identical.get(fen(bid.price)) ?? []),
        bid.bidder.name,
      ])
    const same = [...identical.values()].filter((names) => names.length > 1)
    const kind =
      bids.length >= thresholds.regularPrices.minBids
        ? progression(prices)
        : null
    if (same.length === 0 && !kind) return null
    return {
      inputs: [
        { label: '开启的投标（家）', value: bids.length },
        {
          label: '投标报价（从低到高）',
          value: [...prices]
            .sort((a, b) => a - b)
            .map(yuanText)
            .join('、'),
        },
      ],
      explanation:
        same.length > 0
          ? `有 ${same.reduce((n, names) => n + names.length, 0)} 家投标的报价完全相同（${same.map((names) => `${names.length} 家同价`).join('，')}），属于投标报价呈规律性差异的情形之一。`
          : `${bids.length} 家开启的投标报价从低到高成${kind}数列，属于投标报价呈规律性差异的情形之一。`,
    }
  },
}
