/** Constants of the portal, taken from the specification (spec §9 unless noted). */

export const PLATFORM_NAME = '水利工程招标投标在线监督平台'
export const SERVICE_HOTLINE = '400-9955-015'
export const GUIDANCE_UNIT = '自治区水利厅'
export const TECHNICAL_SUPPORT = '新疆水利信息技术服务有限公司'

/** The department's contact details (/contact). */
export const DEPARTMENT_ADDRESS =
  '新疆维吾尔自治区乌鲁木齐市水磨沟区南湖东路158号'
export const DEPARTMENT_POSTCODE = '830063'
export const COMPLAINT_OFFICE = '自治区水利厅建设与管理处（招标投标投诉受理）'
export const COMPLAINT_OFFICE_PHONE = '0991-4531870'
/** Xinjiang's offices keep Beijing time with later hours and a long midday break. */
export const OFFICE_HOURS = {
  days: '工作日（周一至周五）',
  morning: '10:00—14:00',
  afternoon: '15:30—19:30',
  lunchBreak: '14:00—15:30',
} as const

export const PAGE_SIZE = 10
export const PAGINATION_LAYOUT = 'prev, pager, next'
export const CHUNK_LOAD_TIMEOUT_MS = 120_000
export const REGIONAL_API_TIMEOUT_MS = 1_000_000
export const UPLOAD_TIMEOUT_MS = 300_000
export const ERROR_TOAST_MS = 5000
export const MAX_UPLOAD_FILES = 999
/** Rich-text editor (spec §9): default height in px and the font-size menu, 8pt to 36pt. */
export const EDITOR_DEFAULT_HEIGHT = 300
export const EDITOR_FONT_SIZES = [
  '8pt',
  '10pt',
  '12pt',
  '14pt',
  '16pt',
  '18pt',
  '24pt',
  '36pt',
] as const
export const VERSION_CHECK_INTERVAL_MS = 60_000

/** Portal API: the platform type every article call defaults to (spec §7). */
export const DEFAULT_PTYPE = 'jd'

/** Protocol clock tolerance and replay window (architecture.md, Protocols). */
export const MAX_CLOCK_SKEW_MS = 300_000
export const NONCE_TTL_MS = 600_000

/** News categories (spec §9): the value is the comma list of category codes sent as `ctype`. */
export const NEWS_CATEGORIES = [
  { key: 'all', label: '全部', ctype: '1073,1001' },
  { key: 'notice', label: '通知公告', ctype: '1073' },
  { key: 'news', label: '新闻动态', ctype: '1002' },
  { key: 'industry', label: '行业动态', ctype: '1001' },
] as const

/** Article category codes and their names. */
export const ARTICLE_CATEGORY_NAMES: Record<number, string> = {
  1073: '通知公告',
  1002: '新闻动态',
  1001: '行业动态',
  927: '国家法律法规',
  928: '自治区政策法规',
  929: '政策解读',
  1070: '接口规范',
}

/** Policy categories (spec §9); the key names the category in /policies/list URLs. */
export const POLICY_CATEGORIES = [
  { key: 'national', label: '国家法律法规', ctype: '927' },
  { key: 'regional', label: '自治区政策法规', ctype: '928' },
  { key: 'interpretation', label: '政策解读', ctype: '929' },
  { key: 'interface', label: '接口规范', ctype: '1070' },
] as const

/** Time filters (spec §9); presets count back days (d) or months (m), spec §5. */
export const TIME_PRESETS = [
  { key: 'all', label: '全部' },
  { key: 'today', label: '今天', value: 0, type: 'd' },
  { key: '7d', label: '近7天', value: 7, type: 'd' },
  { key: '1m', label: '近1个月', value: 1, type: 'm' },
  { key: '3m', label: '近3个月', value: 3, type: 'm' },
  { key: '6m', label: '近半年', value: 6, type: 'm' },
  { key: '1y', label: '近1年', value: 12, type: 'm' },
] as const
export type TimePresetKey = (typeof TIME_PRESETS)[number]['key']

/** Footer link groups in display order (spec §3, §9). */
export const FOOTER_LINK_GROUPS = [
  { type: 1, label: '国家部委' },
  { type: 6, label: '省级水利厅（局）' },
  { type: 3, label: '地州市交易中心' },
  { type: 4, label: '其他网站' },
] as const

/** Side menu: the top-level routes that are not hidden (spec §2). */
export const SIDE_MENU = [
  { path: '/index', label: '首页' },
  { path: '/business', label: '项目信息' },
  { path: '/complaint', label: '投诉举报' },
  { path: '/policies', label: '政策法规' },
] as const

/**
 * Complaint lifecycle states (architecture.md, Complaint lifecycle; 招标投标法实施条例 art. 60-62,
 * 工程建设项目招标投标活动投诉处理办法). The code is stored; the label is shown.
 * 不予撤诉 is not a state of its own: refusing a withdrawal returns the complaint to the state it
 * had before 申请撤诉, and the refusal stays in the timeline as an event.
 */
export const COMPLAINT_STATES = [
  { value: 'submitted', label: '待签收' },
  { value: 'received', label: '待受理' },
  { value: 'accepted', label: '待处理' },
  { value: 'refused', label: '不予受理' },
  { value: 'transferred', label: '移交' },
  { value: 'revoked', label: '撤销' },
  { value: 'withdrawal_requested', label: '申请撤诉' },
  { value: 'withdrawn', label: '同意撤诉' },
  { value: 'decided', label: '已处理' },
] as const
export type ComplaintState = (typeof COMPLAINT_STATES)[number]['value']

/** States after which nothing more happens to a complaint (publication of a decision aside). */
export const COMPLAINT_TERMINAL_STATES: readonly ComplaintState[] = [
  'refused',
  'transferred',
  'revoked',
  'withdrawn',
  'decided',
]

/** Flags beside the state (architecture.md): each is shown with its own label. */
export const COMPLAINT_FLAGS = [
  { value: 'isMaterialRequested', label: '材料补正' },
  { value: 'isActivitySuspended', label: '暂停招标投标活动' },
  { value: 'isClockPaused', label: '检验检测鉴定或专家评审期间（不计入期限）' },
  { value: 'isExtended', label: '已延期' },
] as const
export type ComplaintFlag = (typeof COMPLAINT_FLAGS)[number]['value']

/** Who files a complaint (spec §3): 法人, 其他组织, 自然人. */
export const COMPLAINANT_TYPES = [
  { value: 'legal_person', label: '法人' },
  { value: 'organization', label: '其他组织' },
  { value: 'natural_person', label: '自然人' },
] as const

/** Roles of the complainant and of each respondent (spec §3, architecture.md). */
export const COMPLAINT_PARTY_ROLES = [
  { value: 'tenderer', label: '招标人' },
  { value: 'agency', label: '招标代理机构' },
  { value: 'bidder', label: '投标人' },
  { value: 'committee', label: '评标委员会' },
  { value: 'other', label: '其他' },
] as const

/**
 * Complaint types (spec §9). Every type but 其他 concerns a matter for which 条例 art. 60 (with
 * art. 22, 44, 54) requires an objection (异议) to the tenderer first.
 */
export const COMPLAINT_TYPES = [
  { value: 'bid_documents', label: '招标文件' },
  { value: 'prequalification_documents', label: '资格预审文件' },
  { value: 'prequalification_result', label: '资格预审结果' },
  { value: 'evaluation_result', label: '评标结果' },
  { value: 'opening', label: '开标过程' },
  { value: 'other', label: '其他' },
] as const

/** Conclusions of a 处理决定书. */
export const COMPLAINT_CONCLUSIONS = [
  { value: 'substantiated', label: '属实' },
  { value: 'partly_substantiated', label: '部分属实' },
  { value: 'unsubstantiated', label: '不属实' },
] as const

/** Documents the department issues, each a generated PDF. */
export const COMPLAINT_DOCUMENT_KINDS = [
  { value: 'receipt_notice', label: '投诉签收回执' },
  { value: 'acceptance_notice', label: '受理通知书' },
  { value: 'refusal_notice', label: '不予受理通知书' },
  { value: 'transfer_notice', label: '移交告知书' },
  { value: 'material_notice', label: '补正通知书' },
  { value: 'transcript', label: '调查笔录' },
  { value: 'suspension_notice', label: '暂停招标投标活动通知书' },
  { value: 'resumption_notice', label: '恢复招标投标活动通知书' },
  { value: 'clock_pause_notice', label: '期限中止告知书' },
  { value: 'extension_statement', label: '延期说明书' },
  { value: 'decision', label: '处理决定书' },
  { value: 'withdrawal_granted', label: '同意撤回投诉决定书' },
  { value: 'withdrawal_refused', label: '不予撤回投诉决定书' },
] as const

/** Why the clock stops (条例 art. 62: 检验、检测、鉴定、专家评审 time is not counted). */
export const COMPLAINT_CLOCK_PAUSE_KINDS = [
  { value: 'testing', label: '检验' },
  { value: 'inspection', label: '检测' },
  { value: 'appraisal', label: '鉴定' },
  { value: 'expert_review', label: '专家评审' },
] as const

/** Statutory periods in working days (条例 art. 61, 62; 投诉处理办法 art. 11, 21). */
export const COMPLAINT_ACCEPTANCE_WORKDAYS = 3
export const COMPLAINT_DECISION_WORKDAYS = 30
/** Extension limit: our rule (the statute says "适当延长"), one statement per extension. */
export const COMPLAINT_MAX_EXTENSION_WORKDAYS = 30
/** Default time given to supply material, in working days (our rule; the notice names it). */
export const COMPLAINT_MATERIAL_DEFAULT_WORKDAYS = 5
export const COMPLAINT_MAX_RESPONDENTS = 10
export const COMPLAINT_MAX_EVIDENCE_FILES = 50
/** 4-digit daily sequence of complaint numbers (architecture.md). */
export const COMPLAINT_DAILY_SEQUENCE_MAX = 9999

/**
 * Stages of a trade, each with one announcement. The key is stable (stored in the database and
 * sent as `stage`); the label is the tab's name.
 */
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

/** Complaints filed here are about 工程建设 tenders (trading category 1). */
export const COMPLAINT_PROJECT_CATEGORY = 1

/**
 * Trading categories 1-7 and their tab sets (spec §9), in trade order, with the sub-types the
 * category cascader offers (value = category × 100 + n).
 */
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

/** The category of a value, or undefined. */
export function tradeCategory(value: number): TradeCategory | undefined {
  return TRADE_CATEGORIES.find((category) => category.value === value)
}

/** How a trade is conducted: the options of the list page's select. */
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

/**
 * Regions of the autonomous region (prefecture level) with their administrative division codes
 * (GB/T 2260); also served as the `region` dictionary of /Common/SysDic.
 */
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

/** Rectification status of a linkage supervision record (联动监管). */
export const LINKAGE_STATUSES = [
  { value: 1, label: '整改中' },
  { value: 2, label: '已整改' },
  { value: 3, label: '已销号' },
] as const
export type LinkageStatusValue = (typeof LINKAGE_STATUSES)[number]['value']

/** Whose seal the department's documents (处理决定书) carry. */
export const DEPARTMENT_SEAL_NAME = '新疆维吾尔自治区水利厅'

/**
 * Kinds of documents the site-wide search covers (/search): the key is sent as `type` and
 * stored in the search index; the label is the result's tag and the filter's choice.
 */
export const SEARCH_TYPES = [
  { key: 'article', label: '新闻资讯' },
  { key: 'policy', label: '政策法规' },
  { key: 'project', label: '项目信息' },
  { key: 'announcement', label: '交易公告' },
] as const
export type SearchType = (typeof SEARCH_TYPES)[number]['key']
export const SEARCH_TYPE_KEYS = SEARCH_TYPES.map((t) => t.key) as [
  SearchType,
  ...SearchType[],
]

/**
 * How much of a search keyword is used. A title is at most a few dozen characters and every
 * character of a query becomes a term of the full-text expression, so anything longer (a
 * pasted page, 10,000 characters) is cut here instead of costing the database for nothing.
 */
export const SEARCH_KEYWORD_MAX = 100
