import { presetRange } from '#common/date-range.ts'
import { PAGE_SIZE, TIME_PRESETS } from '#common/constants/ui.ts'
import type { ArticlePageQuery } from '#common/schemas/article.ts'
import { choiceParam, intParam, textParam } from '#common/url-params.ts'

type Category = { readonly key: string; readonly ctype: string }

const timeKeys = TIME_PRESETS.map((t) => t.key)

export type ArticleListQuery = {
  page: number
  keyword: string
  category: string
  time: string
}

// A malformed value falls back to its default rather than failing the page; a filter change
// starts again at page 1.
export const ARTICLE_LIST_PARAMS = [
  'page',
  'keyword',
  'category',
  'time',
] as const

export function createArticleListQuery(options: {
  path: string
  categories: readonly Category[]
  defaultCategory: string
}) {
  const { path, categories, defaultCategory } = options
  const keys = categories.map((c) => c.key)

  function parse(searchParams: URLSearchParams): ArticleListQuery {
    // Only the parameters the page declares it reads can be read.
    const get = (name: (typeof ARTICLE_LIST_PARAMS)[number]) =>
      searchParams.get(name)
    return {
      page: intParam(get('page')),
      keyword: textParam(get('keyword')),
      category: choiceParam(get('category'), keys, defaultCategory),
      time: choiceParam(get('time'), timeKeys, 'all'),
    }
  }

  function toApiQuery(
    query: ArticleListQuery,
    now = new Date(),
  ): ArticlePageQuery {
    const ctype = categories.find((c) => c.key === query.category)?.ctype
    const range = presetRange(query.time as never, now)
    return {
      pageNo: query.page,
      pageSize: PAGE_SIZE,
      ptype: 'jd',
      ctype,
      keyword: query.keyword || undefined,
      startTime: range?.startTime,
      endTime: range?.endTime,
    }
  }

  function href(query: ArticleListQuery, change: Partial<ArticleListQuery>) {
    const next = { ...query, ...change }
    if (!('page' in change)) next.page = 1
    const params = new URLSearchParams()
    if (next.keyword) params.set('keyword', next.keyword)
    if (next.category !== defaultCategory) params.set('category', next.category)
    if (next.time !== 'all') params.set('time', next.time)
    if (next.page > 1) params.set('page', String(next.page))
    const search = params.toString()
    return search ? `${path}?${search}` : path
  }

  return { path, params: ARTICLE_LIST_PARAMS, parse, toApiQuery, href }
}

export type ArticleListUrl = ReturnType<typeof createArticleListQuery>
