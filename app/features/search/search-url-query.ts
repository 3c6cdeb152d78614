import { href } from 'react-router'

import { presetRange } from '#common/date-range.ts'
import {
  cutSearchKeyword,
  SEARCH_KEYWORD_MAX,
  SEARCH_TYPES,
} from '#common/constants/search.ts'
import {
  PAGE_SIZE,
  TIME_PRESETS,
  type TimePresetKey,
} from '#common/constants/ui.ts'
import type { SearchPageQuery } from '#common/schemas/search.ts'
import { choiceParam, intParam } from '#common/url-params.ts'

const typeKeys = SEARCH_TYPES.map((t) => t.key)
const timeKeys = TIME_PRESETS.map((t) => t.key)

// A malformed value falls back to its default.
export type SearchUrlQuery = {
  page: number
  keyword: string
  type: string
  time: string
  isCut: boolean
}

export const SEARCH_URL_PARAMS = ['page', 'keyword', 'type', 'time'] as const

export function parseSearchUrlQuery(
  searchParams: URLSearchParams,
): SearchUrlQuery {
  // Only the parameters the page declares it reads can be read.
  const get = (name: (typeof SEARCH_URL_PARAMS)[number]) =>
    searchParams.get(name)
  const parsed = {
    page: intParam(get('page')),
    keyword: get('keyword') ?? '',
    type: choiceParam(get('type'), typeKeys, 'all'),
    time: choiceParam(get('time'), timeKeys, 'all'),
  }
  const keyword = cutSearchKeyword(parsed.keyword)
  return {
    ...parsed,
    keyword,
    isCut: parsed.keyword.trim().length > SEARCH_KEYWORD_MAX,
  }
}

export function toSearchPageQuery(
  query: SearchUrlQuery,
  now = new Date(),
): SearchPageQuery {
  const range = presetRange(query.time as TimePresetKey, now)
  return {
    pageNo: query.page,
    pageSize: PAGE_SIZE,
    keyword: query.keyword,
    type:
      query.type === 'all'
        ? undefined
        : (query.type as SearchPageQuery['type']),
    startTime: range?.startTime,
    endTime: range?.endTime,
  }
}

// Any change but the page starts at page 1.
export function searchHref(
  query: Pick<SearchUrlQuery, 'keyword' | 'type' | 'time' | 'page'>,
  change: Partial<SearchUrlQuery> = {},
) {
  const next = { ...query, ...change }
  if (!('page' in change)) next.page = 1
  const params = new URLSearchParams()
  if (next.keyword) params.set('keyword', next.keyword)
  if (next.type !== 'all') params.set('type', next.type)
  if (next.time !== 'all') params.set('time', next.time)
  if (next.page > 1) params.set('page', String(next.page))
  const search = params.toString()
  return search ? `${href('/search')}?${search}` : href('/search')
}
