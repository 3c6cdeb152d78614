import { dayOf, daysBetween, daysInclusive, periodEnd } from '../legal-days.ts'
import { DEFAULT_THRESHOLDS } from '#common/constants/supervision.ts'

import type { Indicator } from '../tender-record.ts'

/** 法定 while the threshold is the law's own number; 设定的 once a 系统管理员 changed it. */
const lawOrSet = (minDays: number, code: 'tenderPeriod' | 'salePeriod') =>
  minDays === DEFAULT_THRESHOLDS[code].minDays ? '法定' : '设定的'

// The periods the law sets between a tender's steps. Each is counted in days (日) as 民法典
// arts. 201 and 203 count them (legal-days.ts).

/** 招标投标法 art. 24: at least 20 days from the documents' first issue to the bid deadline. */
export const tenderPeriod: Indicator<'tenderPeriod'> = {
  code: 'tenderPeriod',
  evaluate({ notice }, { thresholds, calendar }) {
    // A 资格预审公告's deadline is for applications, not bids.
    if (!notice || notice.noticeType !== '招标公告') return null
    const { minDays } = thresholds.tenderPeriod
    const deadline = dayOf(notice.bidDeadline)
    const { end, movedBy } = periodEnd(notice.documentsFrom, minDays, calendar)
    if (deadline >= end) return null
    const days = daysBetween(notice.documentsFrom, deadline)
    return {
      inputs: [
        { label: '招标文件开始发出', value: notice.documentsFrom },
        { label: '投标截止时间', value: notice.bidDeadline },
        { label: '招标期（日）', value: days },
        { label: '最短招标期（日）', value: minDays },
      ],
      explanation:
        `自招标文件开始发出（${notice.documentsFrom}）至投标截止（${deadline}）为 ${days} 日，` +
        (movedBy > 0 && days >= minDays
          ? `第 ${minDays} 日为休息日，期限顺延至 ${end}，投标截止早于此日。`
          : `少于${lawOrSet(minDays, 'tenderPeriod')}最短 ${minDays} 日。`),
    }
  },
}

/** 实施条例 art. 16: the documents on sale for at least 5 days. */
export const salePeriod: Indicator<'salePeriod'> = {
  code: 'salePeriod',
  evaluate({ notice }, { thresholds, calendar }) {
    if (!notice) return null
    const { minDays } = thresholds.salePeriod
    // Both the first and the last day of sale count: the documents are sold on the first day.
    const days = daysInclusive(notice.documentsFrom, notice.documentsUntil)
    const { end, movedBy } = periodEnd(
      notice.documentsFrom,
      minDays - 1,
      calendar,
    )
    if (notice.documentsUntil >= end) return null
    return {
      inputs: [
        { label: '发售开始', value: notice.documentsFrom },
        { label: '发售截止', value: notice.documentsUntil },
        { label: '发售期（日）', value: days },
        { label: '最短发售期（日）', value: minDays },
      ],
      explanation:
        `${notice.noticeType === '资格预审公告' ? '资格预审文件' : '招标文件'}自 ${notice.documentsFrom} 发售至 ${notice.documentsUntil}，共 ${days} 日，` +
        (movedBy > 0 && days >= minDays
          ? `第 ${minDays} 日为休息日，发售期应顺延至 ${end}。`
          : `少于${lawOrSet(minDays, 'salePeriod')}最短 ${minDays} 日。`),
    }
  },
}

/**
 * 实施条例 art. 54: candidates published within 3 days of the evaluation report, for at least 3
 * days, and the award notice only after the publicity has ended.
 */
export const publicity: Indicator<'publicity'> = {
  code: 'publicity',
  evaluate({ evaluation, result }, { thresholds }) {
    if (!evaluation) return null
    const { maxStartDays, minDays } = thresholds.publicity
    const problems: string[] = []
    const startAfter = daysBetween(
      evaluation.reportDate,
      evaluation.publicityStart,
    )
    if (startAfter > maxStartDays)
      problems.push(
        `收到评标报告（${evaluation.reportDate}）后第 ${startAfter} 日才开始公示，超过 ${maxStartDays} 日`,
      )
    const length = daysInclusive(
      evaluation.publicityStart,
      evaluation.publicityEnd,
    )
    if (length < minDays)
      problems.push(
        `公示期 ${evaluation.publicityStart} 至 ${evaluation.publicityEnd} 共 ${length} 日，少于 ${minDays} 日`,
      )
    if (result && result.awardNoticeDate <= evaluation.publicityEnd)
      problems.push(
        `中标通知书于 ${result.awardNoticeDate} 发出，公示期至 ${evaluation.publicityEnd} 尚未结束`,
      )
    if (problems.length === 0) return null
    return {
      inputs: [
        { label: '评标报告提交日期', value: evaluation.reportDate },
        { label: '公示开始', value: evaluation.publicityStart },
        { label: '公示结束', value: evaluation.publicityEnd },
        ...(result
          ? [{ label: '中标通知书发出日期', value: result.awardNoticeDate }]
          : []),
      ],
      explanation: `${problems.join('；')}。`,
    }
  },
}

/** 招标投标法 art. 46: the contract signed within 30 days of the award notice. */
export const lateContract: Indicator<'lateContract'> = {
  code: 'lateContract',
  evaluate({ result }, { thresholds }) {
    if (!result?.contractDate) return null
    const { maxDays } = thresholds.lateContract
    const days = daysBetween(result.awardNoticeDate, result.contractDate)
    if (days <= maxDays) return null
    return {
      inputs: [
        { label: '中标通知书发出日期', value: result.awardNoticeDate },
        { label: '合同签订日期', value: result.contractDate },
        { label: '间隔（日）', value: days },
      ],
      explanation: `中标通知书发出（${result.awardNoticeDate}）后第 ${days} 日才签订合同，超过 ${maxDays} 日。`,
    }
  },
}
