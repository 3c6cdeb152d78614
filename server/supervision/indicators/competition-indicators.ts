import type { Indicator, TenderRecord } from '../tender-record.ts'
import { openedBids, yuanText } from '../tender-record.ts'

// How much competition a tender had, from its opening record, its evaluation and its result.

/** The opened bids the evaluation did not reject (否决). */
function validBids(record: TenderRecord) {
  const rejected = new Set(
    record.evaluation?.rejected.map((r) => r.bidder.creditCode) ?? [],
  )
  return openedBids(record).filter(
    (bid) => !rejected.has(bid.bidder.creditCode),
  )
}

/** 招标投标法 art. 28: fewer than 3 bidders and the tender was not repeated. */
export const tooFewBidders: Indicator<'tooFewBidders'> = {
  code: 'tooFewBidders',
  evaluate(record, { thresholds }) {
    if (!record.opening) return null
    const { minBidders } = thresholds.tooFewBidders
    const count = openedBids(record).length
    if (count >= minBidders || record.notice?.isRepeated) return null
    return {
      inputs: [
        { label: '开启的投标（家）', value: count },
        { label: '收到的投标（家）', value: record.opening.bids.length },
        { label: '重新招标', value: '否' },
      ],
      explanation: `开标时开启的投标只有 ${count} 家，少于 ${minBidders} 家，招标公告未注明为重新招标；投标人少于三个的，应依法重新招标。`,
    }
  },
}

/** Cardinal R018: a single bid left after the opening and the evaluation. */
export const singleValidBid: Indicator<'singleValidBid'> = {
  code: 'singleValidBid',
  evaluate(record) {
    if (!record.opening || !record.evaluation) return null
    const valid = validBids(record)
    if (valid.length !== 1) return null
    return {
      inputs: [
        { label: '开启的投标（家）', value: openedBids(record).length },
        { label: '被否决（家）', value: record.evaluation.rejected.length },
        { label: '有效投标（家）', value: 1 },
      ],
      explanation: `开启的 ${openedBids(record).length} 家投标中，评标否决 ${record.evaluation.rejected.length} 家后只剩 1 家有效投标，竞争不足。`,
    }
  },
}

/** A winning price within 1 % of the ceiling (最高投标限价) with fewer than 5 bidders. */
export const nearCeiling: Indicator<'nearCeiling'> = {
  code: 'nearCeiling',
  evaluate(record, { thresholds }) {
    const ceiling = record.notice?.ceilingPrice
    if (!record.result || !record.opening || !ceiling) return null
    const { withinPercent, fewerThanBidders } = thresholds.nearCeiling
    const bidders = openedBids(record).length
    const gap = ((ceiling - record.result.price) / ceiling) * 100
    if (bidders >= fewerThanBidders || gap > withinPercent || gap < 0)
      return null
    return {
      inputs: [
        { label: '最高投标限价', value: yuanText(ceiling) },
        { label: '中标价', value: yuanText(record.result.price) },
        { label: '下浮（%）', value: Number(gap.toFixed(2)) },
        { label: '开启的投标（家）', value: bidders },
      ],
      explanation: `中标价只比最高投标限价低 ${gap.toFixed(2)}%（不超过 ${withinPercent}%），而开启的投标只有 ${bidders} 家（少于 ${fewerThanBidders} 家），价格竞争可能不充分。`,
    }
  },
}

/**
 * Cardinal R036: the lowest bid rejected where price decides (经评审的最低投标价法); R035: every
 * opened bid but the winner's rejected.
 */
export const lowestRejected: Indicator<'lowestRejected'> = {
  code: 'lowestRejected',
  evaluate(record) {
    const { evaluation } = record
    const opened = openedBids(record)
    if (!evaluation || opened.length < 2) return null
    const rejected = new Set(
      evaluation.rejected.map((r) => r.bidder.creditCode),
    )
    const lowest = opened.reduce((low, bid) =>
      bid.price < low.price ? bid : low,
    )
    const problems: string[] = []
    if (
      evaluation.method === '经评审的最低投标价法' &&
      rejected.has(lowest.bidder.creditCode)
    )
      problems.push(
        `采用经评审的最低投标价法，最低报价（${yuanText(lowest.price)}）的投标被否决`,
      )
    const winner =
      record.result?.winner.creditCode ??
      evaluation.candidates.find((c) => c.rank === 1)?.bidder.creditCode
    const others = opened.filter((bid) => bid.bidder.creditCode !== winner)
    if (
      winner !== undefined &&
      others.length > 0 &&
      others.every((bid) => rejected.has(bid.bidder.creditCode))
    )
      problems.push(
        `除中标（第一候选）人外，其余 ${others.length} 家开启的投标全部被否决`,
      )
    if (problems.length === 0) return null
    return {
      inputs: [
        { label: '评标办法', value: evaluation.method },
        { label: '开启的投标（家）', value: opened.length },
        { label: '被否决（家）', value: evaluation.rejected.length },
        { label: '最低报价', value: yuanText(lowest.price) },
      ],
      explanation: `${problems.join('；')}。`,
    }
  },
}
