/** Constants of the portal, taken from the specification (spec §9 unless noted). */

export const PLATFORM_NAME = '水利工程招标投标在线监督平台'
export const SERVICE_HOTLINE = '400-9955-015'
export const GUIDANCE_UNIT = '自治区水利厅'
export const TECHNICAL_SUPPORT = '新疆水利信息技术服务有限公司'

export const PAGE_SIZE = 10
export const PAGINATION_LAYOUT = 'prev, pager, next'
export const CHUNK_LOAD_TIMEOUT_MS = 120_000
export const REGIONAL_API_TIMEOUT_MS = 1_000_000
export const UPLOAD_TIMEOUT_MS = 300_000
export const ERROR_TOAST_MS = 5000
export const MAX_UPLOAD_FILES = 999
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

/** Policy categories (spec §9). */
export const POLICY_CATEGORIES = [
  { label: '国家法律法规', ctype: '927' },
  { label: '自治区政策法规', ctype: '928' },
  { label: '政策解读', ctype: '929' },
  { label: '接口规范', ctype: '1070' },
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
