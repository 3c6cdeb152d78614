/** News categories (spec §9): the value is the comma list of category codes sent as `ctype`. */
export const NEWS_CATEGORIES = [
  { key: 'all', label: '全部', ctype: '1073,1001' },
  { key: 'notice', label: '通知公告', ctype: '1073' },
  { key: 'news', label: '新闻动态', ctype: '1002' },
  { key: 'industry', label: '行业动态', ctype: '1001' },
] as const

export const ARTICLE_CATEGORY_NAMES: Record<number, string> = {
  1073: '通知公告',
  1002: '新闻动态',
  1001: '行业动态',
  927: '国家法律法规',
  928: '自治区政策法规',
  929: '政策解读',
  1070: '接口规范',
  1080: '下载中心',
}

export const ARTICLE_CATEGORY_IDS = Object.keys(ARTICLE_CATEGORY_NAMES).map(
  Number,
)

/** The download centre's category: not a news category, so the news tabs never show it. */
export const DOWNLOAD_CATEGORY_ID = 1080

/** Policy categories (spec §9); the key names the category in /policies/list URLs. */
export const POLICY_CATEGORIES = [
  { key: 'national', label: '国家法律法规', ctype: '927' },
  { key: 'regional', label: '自治区政策法规', ctype: '928' },
  { key: 'interpretation', label: '政策解读', ctype: '929' },
  { key: 'interface', label: '接口规范', ctype: '1070' },
] as const
