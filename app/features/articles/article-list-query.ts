import { z } from 'zod'

import { presetRange } from '#common/date-range.ts'
import { PAGE_SIZE, TIME_PRESETS } from '#common/constants/ui.ts'
import type { ArticlePageQuery } from '#common/schemas/article.ts'

type Category = { readonly key: string; readonly ctype: string }

const timeKeys = TIME_PRESETS.map((t) => t.key) as [string, ...string[]]

/** An article list's filters as they stand in the URL: page, keyword, category, time preset. */
export type ArticleListQuery = {
  page: number
  keyword: string
  category: string
  time: string
}

/**
 * The URL contract of an article list (news, policies): filters live in the query string, so a
 * filtered list can be shared and survives a reload. A malformed value falls back to its
 * default rather than failing the page; a filter change starts again at page 1.
 */
export function createArticleListQuery(options: {
  path: string
  categories: readonly Category[]
  defaultCategory: string
}) {
  const { path, categories, defaultCategory } = options
  const keys = categories.map((c) => c.key) as [string, ...string[]]
  const schema = z.object({
    page: z.coerce.number().int().min(1).max(10_000).catch(1),
    keyword: z.string().trim().max(100).catch(''),
    category: z.enum(keys).catch(defaultCategory),
    time: z.enum(timeKeys).catch('all'),
  })

  function parse(searchParams: URLSearchParams): ArticleListQuery {
    return schema.parse({
      page: searchParams.get('page') ?? undefined,
      keyword: searchParams.get('keyword') ?? undefined,
      category: searchParams.get('category') ?? undefined,
      time: searchParams.get('time') ?? undefined,
    })
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

  return { path, parse, toApiQuery, href }
}

export type ArticleListUrl = ReturnType<typeof createArticleListQuery>
