import type { StageFacts } from '#common/schemas/content/stage-facts.ts'

import type { ReadableField } from './kind-definition.ts'

// A stage's facts as the revision compare reads them: one line per fact, one per bid, so that a
// reviewer sees which price or date changed.

const yuan = (value: number | null) =>
  value === null
    ? '—'
    : `${value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} 元`

function lines(facts: StageFacts): string[] {
  switch (facts.stage) {
    case 'bidNotice':
      return [
        `公告类型：${facts.noticeType}`,
        `文件发售期：${facts.documentsFrom} 至 ${facts.documentsUntil}`,
        `投标截止时间：${facts.bidDeadline}`,
        `开标时间：${facts.openingTime ?? '—'}`,
        `开标地点：${facts.openingPlace || '—'}`,
        `最高投标限价：${yuan(facts.ceilingPrice)}`,
        `投标保证金：${yuan(facts.bidBond)}`,
        `资质要求：${facts.qualification || '—'}`,
        `重新招标：${facts.isRepeated ? '是' : '否'}`,
      ]
    case 'bidOpening':
      return facts.bids.map(
        (bid, i) =>
          `投标人${i + 1}：${bid.bidder.name}（${bid.bidder.creditCode}），报价 ${yuan(bid.price)}` +
          `${bid.durationDays === null ? '' : `，工期 ${bid.durationDays} 日历天`}` +
          `${bid.quality ? `，质量 ${bid.quality}` : ''}` +
          (bid.opened ? '，已开启' : `，未开启：${bid.rejectionReason}`),
      )
    case 'bidEvaluation':
      return [
        `评标办法：${facts.method}`,
        `评标报告提交日期：${facts.reportDate}`,
        `公示期：${facts.publicityStart} 至 ${facts.publicityEnd}`,
        `评标委员会人数：${facts.committeeSize}`,
        ...facts.candidates.map(
          (c) =>
            `第${c.rank}中标候选人：${c.bidder.name}（${c.bidder.creditCode}），报价 ${yuan(c.price)}${c.score === null ? '' : `，得分 ${c.score}`}`,
        ),
        ...facts.rejected.map(
          (r) =>
            `被否决：${r.bidder.name}（${r.bidder.creditCode}），理由：${r.reason}`,
        ),
      ]
    case 'bidResult':
      return [
        `中标人：${facts.winner.name}（${facts.winner.creditCode}）`,
        `中标价：${yuan(facts.price)}`,
        `中标通知书发出日期：${facts.awardNoticeDate}`,
        `合同签订日期：${facts.contractDate ?? '—'}`,
        `合同金额：${yuan(facts.contractAmount)}`,
      ]
  }
}

export function stageFactsReadable(facts: StageFacts | null): ReadableField[] {
  if (facts === null) return []
  return [
    { field: 'facts', label: '结构化信息', text: lines(facts).join('\n') },
  ]
}
