import { href } from 'react-router'

import { PAGE_SIZE } from '#common/constants/ui.ts'
import {
  type WarningQuery,
  WarningQuerySchema,
} from '#common/schemas/supervision.ts'

export const ADMIN_SUPERVISION_PATH = href('/admin/supervision')
export const adminWarningHref = (id: number) =>
  href('/admin/supervision/:id', { id: String(id) })

// pageNo is "page", as on the other console lists.
export const WARNING_FILTER_KEYS = [
  'state',
  'code',
  'assignee',
  'keyword',
] as const
type FilterKey = (typeof WARNING_FILTER_KEYS)[number]

const DEFAULTS = WarningQuerySchema.parse({})

// The queue offers 我的 and 未指派 only, so an account number in a link is not kept.
const isOffered = (key: FilterKey, value: unknown) =>
  key !== 'assignee' || value === 'me' || value === 'none'

// Each parameter on its own: a malformed one (a stale or hand-edited link) is dropped, not the
// whole query.
export function parseWarningQuery(params: URLSearchParams): WarningQuery {
  const query: WarningQuery = { ...DEFAULTS, pageSize: PAGE_SIZE }
  const page = Number(params.get('page'))
  if (Number.isInteger(page) && page >= 1 && page <= 100_000)
    query.pageNo = page
  for (const key of WARNING_FILTER_KEYS) {
    const value = params.get(key)?.trim()
    if (!value) continue
    const parsed = WarningQuerySchema.shape[key].safeParse(value)
    if (parsed.success && parsed.data !== undefined && isOffered(key, value))
      Object.assign(query, { [key]: parsed.data })
  }
  return query
}

/** The staff API's query string for a queue query. */
export const warningApiQuery = (query: WarningQuery) => ({
  pageNo: query.pageNo,
  pageSize: query.pageSize,
  state: query.state,
  code: query.code,
  assignee: query.assignee,
  keyword: query.keyword,
})

// Back to the first page, since the old page number means nothing in a new result; the default
// state (待处理和核查中) is left out so that a link says only what was chosen.
export function withFilter(
  params: URLSearchParams,
  key: FilterKey,
  value: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params)
  next.delete('page')
  if (!value || (key === 'state' && value === DEFAULTS.state)) next.delete(key)
  else next.set(key, value)
  return next
}

export const warningQueueHref = (
  filters: Partial<Record<FilterKey, string>>,
) => {
  let params = new URLSearchParams()
  for (const key of WARNING_FILTER_KEYS)
    params = withFilter(params, key, filters[key])
  const search = params.toString()
  return search ? `${ADMIN_SUPERVISION_PATH}?${search}` : ADMIN_SUPERVISION_PATH
}
