import {
  TRADE_STAGES,
  type TradeMode,
  type TradeStageKey,
  tradeCategory,
} from '#common/constants/trade.ts'
import type { EVALUATION_METHODS } from '#common/schemas/content/stage-facts.ts'

// docs/api/ocds.md shows the same tables to readers.

type StagePhase = 'planning' | 'tender' | 'tenderUpdate' | 'award'

const STAGE_PHASES: Record<TradeStageKey, StagePhase> = {
  // 项目入场: the project registered at the trading venue, before any call for bids.
  entry: 'planning',
  // The calls for bids or offers: 招标, 采购, 出让 (交易行为), 拍卖, 挂牌.
  bidNotice: 'tender',
  procurementNotice: 'tender',
  landTransaction: 'tender',
  miningAuction: 'tender',
  propertyListing: 'tender',
  // What happens between the call and the result: registrations, the opening, the candidates.
  bidRegistration: 'tenderUpdate',
  bidOpening: 'tenderUpdate',
  bidEvaluation: 'tenderUpdate',
  // The outcomes: 中标, 成交, 竞得, 交易结果.
  bidResult: 'award',
  procurementResult: 'award',
  landParcel: 'award',
  miningResult: 'award',
  propertyResult: 'award',
}

export const PUBLICATION_TAGS = {
  planning: 'planning',
  tender: 'tender',
  tenderUpdate: 'tenderUpdate',
  award: 'award',
} as const satisfies Record<StagePhase, string>

export const AMENDMENT_TAGS = {
  planning: 'planningUpdate',
  tender: 'tenderAmendment',
  tenderUpdate: 'tenderAmendment',
  award: 'awardUpdate',
} as const satisfies Record<StagePhase, string>

// A withdrawal takes a notice back (releaseTag): a call for bids withdrawn cancels the tender, a
// result withdrawn cancels the award, and the tender, complete with it, is active again until
// another result. The others only amend what they said.
export const WITHDRAWAL_TAGS = {
  ...AMENDMENT_TAGS,
  tender: 'tenderCancellation',
  award: 'awardCancellation',
} as const satisfies Record<StagePhase, string>
export const WITHDRAWAL_TENDER_STATUS: Partial<Record<StagePhase, string>> = {
  tender: 'cancelled',
  award: 'active',
}
export const TENDER_STATUS = {
  planning: 'planned',
  tender: 'active',
  tenderUpdate: 'active',
  award: 'complete',
} as const satisfies Record<StagePhase, string>

export const DOCUMENT_TYPES: Record<TradeStageKey, string> = {
  entry: 'plannedProcurementNotice',
  bidNotice: 'tenderNotice',
  procurementNotice: 'tenderNotice',
  landTransaction: 'tenderNotice',
  miningAuction: 'tenderNotice',
  propertyListing: 'tenderNotice',
  bidRegistration: 'bidders',
  bidOpening: 'bidders',
  bidEvaluation: 'evaluationReports',
  bidResult: 'awardNotice',
  procurementResult: 'awardNotice',
  landParcel: 'awardNotice',
  miningResult: 'awardNotice',
  propertyResult: 'awardNotice',
}

// Closed codelist `method`; the mode itself goes to procurementMethodDetails. 邀请招标 and the
// negotiated modes invite suppliers the procuring entity chooses (limited); auctions and listings
// are open to all; 协议转让 has one party.
export const PROCUREMENT_METHODS: Record<TradeMode, string> = {
  公开招标: 'open',
  邀请招标: 'limited',
  竞争性谈判: 'limited',
  竞争性磋商: 'limited',
  询价: 'limited',
  拍卖: 'open',
  挂牌: 'open',
  协议转让: 'direct',
}

// Closed codelist `procurementCategory`; the sales of land, mining rights and public assets
// (categories 3–7) have none.
export const PROCUREMENT_CATEGORIES: Record<number, string> = {
  101: 'works',
  102: 'services',
  103: 'services',
  104: 'goods',
  201: 'goods',
  202: 'works',
  203: 'services',
}

// Open codelist `awardCriteria`; the method itself goes to awardCriteriaDetails. 综合评估法 scores
// weighted criteria (ratedCriteria); 经评审的最低投标价法 awards the lowest evaluated price of the
// bids that meet the requirements (priceOnly).
export const AWARD_CRITERIA: Record<
  (typeof EVALUATION_METHODS)[number],
  string
> = {
  综合评估法: 'ratedCriteria',
  经评审的最低投标价法: 'priceOnly',
}

// OCDS's itemClassificationScheme codelist is open; the codes are listed in docs/api/ocds.md.
const ITEM_SCHEME = 'CN-XJSL-TRADE'

// Their 招标人 / 采购人 pays for what is bought: OCDS's buyer.
export const PROCUREMENT_TRADE_CATEGORIES: readonly number[] = [1, 2]

export function classificationOf(category: number, subType: number) {
  const found = tradeCategory(category)
  const sub = found?.subTypes.find((s) => s.value === subType)
  return {
    scheme: ITEM_SCHEME,
    id: String(subType),
    description: found && sub ? `${found.label}/${sub.label}` : String(subType),
  }
}

export const stageLabel = (stage: string) =>
  TRADE_STAGES[stage as TradeStageKey] ?? stage

export const phaseOf = (stage: string): StagePhase =>
  STAGE_PHASES[stage as TradeStageKey] ?? 'tenderUpdate'
