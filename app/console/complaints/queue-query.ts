import { href } from 'react-router'

import { PAGE_SIZE } from '#common/constants/ui.ts'
import {
  type StaffComplaintQueueQuery,
  StaffComplaintQueueQuerySchema,
} from '#common/schemas/complaint/complaint-queue.ts'

export const ADMIN_COMPLAINTS_PATH = href('/admin/complaints')
export const adminComplaintHref = (complaintNo: string) =>
  href('/admin/complaints/:complaintNo', { complaintNo })

// pageNo is "page", as on the public lists.
export const QUEUE_FILTER_KEYS = [
  'state',
  'flag',
  'deadline',
  'keyword',
  'assignee',
  'sort',
] as const
type FilterKey = (typeof QUEUE_FILTER_KEYS)[number]

const DEFAULTS = StaffComplaintQueueQuerySchema.parse({})

// Each parameter on its own: a malformed one (a stale or hand-edited link) is dropped, not
// the whole query.
export function parseQueueQuery(
  params: URLSearchParams,
  pageSize = PAGE_SIZE,
): StaffComplaintQueueQuery {
  const query: StaffComplaintQueueQuery = { ...DEFAULTS, pageSize }
  const page = Number(params.get('page'))
  if (Number.isInteger(page) && page >= 1 && page <= 100_000)
    query.pageNo = page
  for (const key of QUEUE_FILTER_KEYS) {
    const value = params.get(key)?.trim()
    if (!value) continue
    const parsed = StaffComplaintQueueQuerySchema.shape[key].safeParse(value)
    if (parsed.success && parsed.data !== undefined)
      Object.assign(query, { [key]: parsed.data })
  }
  return query
}

export function queueApiSearch(query: StaffComplaintQueueQuery): string {
  const params = new URLSearchParams({
    pageNo: String(query.pageNo),
    pageSize: String(query.pageSize),
    sort: query.sort,
  })
  for (const key of [
    'state',
    'flag',
    'deadline',
    'keyword',
    'assignee',
  ] as const) {
    const value = query[key]
    if (value) params.set(key, String(value))
  }
  return params.toString()
}

// Back to the first page, since the old page number means nothing in a new result; defaults
// are left out so that a link says only what was chosen.
export function withFilter(
  params: URLSearchParams,
  key: FilterKey,
  value: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params)
  next.delete('page')
  if (!value || (key === 'sort' && value === DEFAULTS.sort)) next.delete(key)
  else next.set(key, value)
  return next
}

export const queueHref = (filters: Partial<Record<FilterKey, string>>) => {
  const params = new URLSearchParams(
    Object.entries(filters).filter(([, value]) => value) as [string, string][],
  )
  const search = params.toString()
  return search ? `${ADMIN_COMPLAINTS_PATH}?${search}` : ADMIN_COMPLAINTS_PATH
}
