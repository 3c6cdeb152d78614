import { z } from 'zod'

import { presetRange } from '#common/date-range.ts'
import { NEWS_CATEGORIES, PAGE_SIZE, TIME_PRESETS } from '#common/constants.ts'
import type { ArticlePageQuery } from '#common/schemas/article.ts'

const categoryKeys = NEWS_CATEGORIES.map((c) => c.key) as [string, ...string[]]
const timeKeys = TIME_PRESETS.map((t) => t.key) as [string, ...string[]]

/**
 * The news list's filters as they stand in the URL, so a filtered list can be shared and
 * survives a reload. A malformed value falls back to its default rather than failing the page.
 */
export const NewsListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  keyword: z.string().trim().max(100).catch(''),
  category: z.enum(categoryKeys).catch('all'),
  time: z.enum(timeKeys).catch('all'),
})
export type NewsListQuery = z.infer<typeof NewsListQuerySchema>

export function parseNewsListQuery(
  searchParams: URLSearchParams,
): NewsListQuery {
  return NewsListQuerySchema.parse({
    page: searchParams.get('page') ?? undefined,
    keyword: searchParams.get('keyword') ?? undefined,
    category: searchParams.get('category') ?? undefined,
    time: searchParams.get('time') ?? undefined,
  })
}

export function toArticlePageQuery(
  query: NewsListQuery,
  now = new Date(),
): ArticlePageQuery {
  const ctype = NEWS_CATEGORIES.find((c) => c.key === query.category)?.ctype
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

/** The URL of the list with some filters changed; a filter change starts again at page 1. */
export function newsListHref(
  query: NewsListQuery,
  change: Partial<NewsListQuery>,
) {
  const next = { ...query, ...change }
  if (!('page' in change)) next.page = 1
  const params = new URLSearchParams()
  if (next.keyword) params.set('keyword', next.keyword)
  if (next.category !== 'all') params.set('category', next.category)
  if (next.time !== 'all') params.set('time', next.time)
  if (next.page > 1) params.set('page', String(next.page))
  const search = params.toString()
  return search ? `/index/newList?${search}` : '/index/newList'
}
