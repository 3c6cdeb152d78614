import type {
  BidEvaluationFacts,
  BidOpeningFacts,
  BidResultFacts,
  StageFacts,
  TenderNoticeFacts,
} from '#common/schemas/content/stage-facts.ts'
import type {
  IndicatorCode,
  Thresholds,
} from '#common/constants/supervision.ts'
import type { WorkingCalendar } from '#server/complaints/working-calendar.ts'

/** What supervision knows of one published tender: its project and its stages' facts. */
export type TenderRecord = {
  projectId: number
  code: string
  name: string
  category: number
  tenderer: string
  /** 项目金额 in 万元: the estimate (估算价) the bond is measured against. */
  amount: number
  notice: TenderNoticeFacts | null
  opening: BidOpeningFacts | null
  evaluation: BidEvaluationFacts | null
  result: BidResultFacts | null
}

export type TenderProject = Omit<
  TenderRecord,
  'notice' | 'opening' | 'evaluation' | 'result'
>

export function tenderRecord(
  project: TenderProject,
  facts: readonly StageFacts[],
): TenderRecord {
  const record: TenderRecord = {
    ...project,
    notice: null,
    opening: null,
    evaluation: null,
    result: null,
  }
  for (const each of facts) {
    if (each.stage === 'bidNotice') record.notice = each
    else if (each.stage === 'bidOpening') record.opening = each
    else if (each.stage === 'bidEvaluation') record.evaluation = each
    else record.result = each
  }
  return record
}

/** A value an indicator read, as the queue shows it: 名称 and what it was. */
export type FindingInput = { label: string; value: string | number }

/** Why an indicator fired: the inputs it used, and a sentence saying what they show. */
export type Finding = { inputs: FindingInput[]; explanation: string }

export type IndicatorContext = {
  thresholds: Thresholds
  calendar: WorkingCalendar
}

export type Indicator<C extends IndicatorCode = IndicatorCode> = {
  code: C
  evaluate(record: TenderRecord, context: IndicatorContext): Finding | null
}

/** 1,234,567.00 元 */
export const yuanText = (value: number) =>
  `${value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} 元`

/** Bids opened at the opening (not refused there). */
export const openedBids = (record: TenderRecord) =>
  record.opening?.bids.filter((bid) => bid.opened) ?? []
