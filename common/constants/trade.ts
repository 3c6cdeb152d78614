/** One announcement per stage. The key is stable: stored in the database and sent as `stage`. */
export const TRADE_STAGES = {
  entry: '项目入场',
  bidNotice: '招标公告',
  bidRegistration: '投标报名',
  bidOpening: '开标记录',
  bidEvaluation: '评标结果公示',
  bidResult: '中标结果公告',
  procurementNotice: '采购公告',
  procurementResult: '采购结果公告',
  landTransaction: '交易行为',
  landParcel: '地块公告',
  miningAuction: '拍卖公告',
  miningResult: '结果公示',
  propertyListing: '挂牌披露',
  propertyResult: '交易结果',
} as const
export type TradeStageKey = keyof typeof TRADE_STAGES
export const TRADE_STAGE_KEYS = Object.keys(TRADE_STAGES) as [
  TradeStageKey,
  ...TradeStageKey[],
]

/** Trading categories 1-7 in trade order (spec §9); a sub-type's value is category × 100 + n. */
export const TRADE_CATEGORIES = [
  {
    value: 1,
    label: '工程建设',
    stages: [
      'entry',
      'bidNotice',
      'bidRegistration',
      'bidOpening',
      'bidEvaluation',
      'bidResult',
    ],
    subTypes: [
      { value: 101, label: '施工' },
      { value: 102, label: '监理' },
      { value: 103, label: '勘察设计' },
      { value: 104, label: '重要设备材料' },
    ],
  },
  {
    value: 2,
    label: '政府采购',
    stages: ['entry', 'procurementNotice', 'procurementResult'],
    subTypes: [
      { value: 201, label: '货物' },
      { value: 202, label: '工程' },
      { value: 203, label: '服务' },
    ],
  },
  {
    value: 3,
    label: '土地使用权',
    stages: ['landTransaction', 'landParcel'],
    subTypes: [
      { value: 301, label: '出让' },
      { value: 302, label: '转让' },
    ],
  },
  {
    value: 4,
    label: '探矿权',
    stages: ['miningAuction', 'miningResult'],
    subTypes: [
      { value: 401, label: '地热矿泉水' },
      { value: 402, label: '非金属矿产' },
    ],
  },
  {
    value: 5,
    label: '采矿权',
    stages: ['miningAuction', 'miningResult'],
    subTypes: [
      { value: 501, label: '河道采砂' },
      { value: 502, label: '建筑石料' },
    ],
  },
  {
    value: 6,
    label: '国有产权',
    stages: ['propertyListing', 'propertyResult'],
    subTypes: [
      { value: 601, label: '产权转让' },
      { value: 602, label: '增资扩股' },
    ],
  },
  {
    value: 7,
    label: '国有资产',
    stages: ['propertyListing', 'propertyResult'],
    subTypes: [
      { value: 701, label: '实物资产转让' },
      { value: 702, label: '资产出租' },
    ],
  },
] as const satisfies readonly {
  value: number
  label: string
  stages: readonly TradeStageKey[]
  subTypes: readonly { value: number; label: string }[]
}[]
export type TradeCategory = (typeof TRADE_CATEGORIES)[number]
export type TradeCategoryValue = TradeCategory['value']

export function tradeCategory(value: number): TradeCategory | undefined {
  return TRADE_CATEGORIES.find((category) => category.value === value)
}

export function partyLabel(category: number) {
  if (category === 1) return '招标人'
  if (category === 2) return '采购人'
  if (category >= 3 && category <= 5) return '出让人'
  return '转让方'
}

/** The furthest stage of the category's tab set with an announcement; null while none has one. */
export function currentStageOf(
  category: number,
  published: readonly string[],
): TradeStageKey | null {
  const stages = tradeCategory(category)?.stages ?? []
  return stages.findLast((stage) => published.includes(stage)) ?? null
}

/**
 * Tenders with a registration deadline (报名截止) and a bid opening (开标); auctions, listings and
 * land trades state their dates in their notices.
 */
export const SCHEDULED_CATEGORIES: readonly number[] = [1, 2]

const FINAL_STAGES = [
  ...new Set(TRADE_CATEGORIES.map((category) => category.stages.at(-1)!)),
] as TradeStageKey[]
/** No stage key ends one tab set and stands earlier in another, so the key alone tells. */
export const OPEN_STAGES = TRADE_STAGE_KEYS.filter(
  (stage) => !FINAL_STAGES.includes(stage),
)

export const TENDER_NOTICE_STAGES = [
  'bidNotice',
  'procurementNotice',
  'landTransaction',
  'miningAuction',
  'propertyListing',
] as const satisfies readonly TradeStageKey[]
export const RESULT_NOTICE_STAGES = [
  'bidEvaluation',
  'bidResult',
  'procurementResult',
  'landParcel',
  'miningResult',
  'propertyResult',
] as const satisfies readonly TradeStageKey[]

export const TRADE_MODES = [
  '公开招标',
  '邀请招标',
  '竞争性谈判',
  '竞争性磋商',
  '询价',
  '拍卖',
  '挂牌',
  '协议转让',
] as const
export type TradeMode = (typeof TRADE_MODES)[number]

/** Prefecture-level regions, GB/T 2260 codes; also /Common/SysDic's `region` dictionary. */
export const REGIONS = [
  { value: '650000', label: '自治区本级' },
  { value: '650100', label: '乌鲁木齐市' },
  { value: '650200', label: '克拉玛依市' },
  { value: '650400', label: '吐鲁番市' },
  { value: '650500', label: '哈密市' },
  { value: '652300', label: '昌吉回族自治州' },
  { value: '652700', label: '博尔塔拉蒙古自治州' },
  { value: '652800', label: '巴音郭楞蒙古自治州' },
  { value: '652900', label: '阿克苏地区' },
  { value: '653000', label: '克孜勒苏柯尔克孜自治州' },
  { value: '653100', label: '喀什地区' },
  { value: '653200', label: '和田地区' },
  { value: '654000', label: '伊犁哈萨克自治州' },
  { value: '654200', label: '塔城地区' },
  { value: '654300', label: '阿勒泰地区' },
] as const
export const REGION_DICTIONARY_TYPE = 'region'

export const LINKAGE_STATUSES = [
  { value: 1, label: '整改中' },
  { value: 2, label: '已整改' },
  { value: 3, label: '已销号' },
] as const

/** What a project list may be ordered by; unknown fields are refused. */
export const PROJECT_SORT_FIELDS = [
  'publishTime',
  'registrationDeadline',
  'openingTime',
  'currentStage',
] as const
export type ProjectSortField = (typeof PROJECT_SORT_FIELDS)[number]
export const SORT_ORDERS = ['asc', 'desc'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]
