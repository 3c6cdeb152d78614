import {
  REGIONS,
  TRADE_STAGES,
  tradeCategory,
  type TradeStageKey,
} from '#common/constants/trade.ts'

/** Display names of the stored codes (common/constants.ts is their one definition). */
export function projectNames(row: {
  category: number
  subType: number
  regionCode: string
}) {
  const category = tradeCategory(row.category)
  return {
    categoryName: category?.label ?? '',
    subTypeName:
      category?.subTypes.find((s) => s.value === row.subType)?.label ?? '',
    regionName: REGIONS.find((r) => r.value === row.regionCode)?.label ?? '',
  }
}

export function stageName(stage: string | null): string {
  return stage ? (TRADE_STAGES[stage as TradeStageKey] ?? '') : ''
}
