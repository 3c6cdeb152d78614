/** The key is sent as `type` and stored in the search index. */
export const SEARCH_TYPES = [
  { key: 'article', label: '新闻资讯' },
  { key: 'policy', label: '政策法规' },
  { key: 'project', label: '项目信息' },
  { key: 'announcement', label: '交易公告' },
  { key: 'download', label: '下载中心' },
  { key: 'credit', label: '信用信息' },
] as const
export type SearchType = (typeof SEARCH_TYPES)[number]['key']
export const SEARCH_TYPE_KEYS = SEARCH_TYPES.map((t) => t.key) as [
  SearchType,
  ...SearchType[],
]

/**
 * Every character of a query becomes a term of the full-text expression, so a pasted page is
 * cut here instead of costing the database for nothing.
 */
export const SEARCH_KEYWORD_MAX = 100

export function cutSearchKeyword(text: string): string {
  return text.trim().slice(0, SEARCH_KEYWORD_MAX).trim()
}

/**
 * Counting and ranking every match of a common keyword (水 is in nearly every document) would
 * cost time in proportion to the whole site, so a search walks the newest documents only.
 */
export const SEARCH_RESULTS_MAX = 200

/**
 * Text escaped for HTML in which only <mark> and </mark> are tags: the form of a highlighted
 * title or snippet (MarkedTextSchema on the server; the page checks it again before showing it).
 */
export const MARKED_TEXT_PATTERN =
  /^(?:[^<>&"']|&(?:amp|lt|gt|quot|#39);|<mark>|<\/mark>)*$/
