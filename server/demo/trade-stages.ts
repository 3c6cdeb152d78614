import type { TradeStageKey } from '#common/constants/trade.ts'
import type { StageTemplate } from './demo-project.ts'
import { procurementNotice, procurementResult } from './procurement-stages.ts'
import {
  landTransaction,
  landParcel,
  miningAuction,
  miningResult,
  propertyListing,
  propertyResult,
} from './asset-trade-stages.ts'
/** Announcement templates of the trades other than 工程建设, by stage. */
export const TRADE_TEMPLATES: Partial<Record<TradeStageKey, StageTemplate>> = {
  procurementNotice,
  procurementResult,
  landTransaction,
  landParcel,
  miningAuction,
  miningResult,
  propertyListing,
  propertyResult,
}
