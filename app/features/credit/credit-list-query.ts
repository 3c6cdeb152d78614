import { href } from 'react-router'

import {
  CREDIT_PARTY_KIND_KEYS,
  CREDIT_STATUS_FILTERS,
  type CreditPartyKind,
  type CreditStatusFilter,
} from '#common/constants/credit.ts'
import { PAGE_SIZE } from '#common/constants/ui.ts'
import type { CreditPageQuery } from '#common/schemas/credit.ts'
import { choiceParam, intParam, textParam } from '#common/url-params.ts'

// A malformed value falls back to its default rather than failing the page.
export type CreditListQuery = {
  page: number
  keyword: string
  kind: CreditPartyKind | ''
  year: number
  status: CreditStatusFilter
}

export const CREDIT_LIST_PARAMS = [
  'page',
  'keyword',
  'kind',
  'year',
  'status',
] as const

const LIST_PATH = href('/credit/list')

export function parseCreditListQuery(
  searchParams: URLSearchParams,
): CreditListQuery {
  const get = (name: (typeof CREDIT_LIST_PARAMS)[number]) =>
    searchParams.get(name)
  return {
    page: intParam(get('page')),
    keyword: textParam(get('keyword')),
    kind: choiceParam(get('kind'), CREDIT_PARTY_KIND_KEYS, ''),
    year: intParam(get('year'), { min: 2000, max: 2100, fallback: 0 }),
    status: choiceParam(get('status'), CREDIT_STATUS_FILTERS, 'public'),
  }
}

export function toCreditPageQuery(query: CreditListQuery): CreditPageQuery {
  return {
    pageNo: query.page,
    pageSize: PAGE_SIZE,
    keyword: query.keyword || undefined,
    partyKind: query.kind || undefined,
    year: query.year || undefined,
    status: query.status,
  }
}

// Any change but the page's starts at page 1.
export function creditListHref(
  query: CreditListQuery,
  change: Partial<CreditListQuery> = {},
): string {
  const next = { ...query, ...change }
  if (!('page' in change)) next.page = 1
  const params = new URLSearchParams()
  if (next.keyword) params.set('keyword', next.keyword)
  if (next.kind) params.set('kind', next.kind)
  if (next.year) params.set('year', String(next.year))
  if (next.status !== 'public') params.set('status', next.status)
  if (next.page > 1) params.set('page', String(next.page))
  const search = params.toString()
  return search ? `${LIST_PATH}?${search}` : LIST_PATH
}

export const creditDetailHref = (id: number) =>
  `${href('/credit/detail')}?id=${id}`

export const creditListPath = LIST_PATH
