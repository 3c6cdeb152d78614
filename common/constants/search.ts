/**
 * Kinds of documents the site-wide search covers (/search): the key is sent as `type` and
 * stored in the search index; the label is the result's tag and the filter's choice.
 */
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
 * How much of a search keyword is used. A title is at most a few dozen characters and every
 * character of a query becomes a term of the full-text expression, so anything longer (a
 * pasted page, 10,000 characters) is cut here instead of costing the database for nothing.
 */
export const SEARCH_KEYWORD_MAX = 100

/** A keyword as it is searched: trimmed and cut to SEARCH_KEYWORD_MAX characters (see there). */
export function cutSearchKeyword(text: string): string {
  return text.trim().slice(0, SEARCH_KEYWORD_MAX).trim()
}

/**
 * How many results a search lists: the newest matching documents, those whose titles hold more
 * of the keywords first. Counting and ranking every match of a common keyword (水 is in nearly
 * every document) would cost time in proportion to the whole site; these are found by walking
 * the newest documents, and when more match, the page says so and how to narrow the search.
 */
export const SEARCH_RESULTS_MAX = 200

/**
 * Text escaped for HTML in which only <mark> and </mark> are tags: the form of a highlighted
 * title or snippet (MarkedTextSchema on the server; the page checks it again before showing it).
 */
export const MARKED_TEXT_PATTERN =
  /^(?:[^<>&"']|&(?:amp|lt|gt|quot|#39);|<mark>|<\/mark>)*$/
