import { href } from 'react-router'

import { AuditQuerySchema } from '#common/schemas/staff.ts'

export const AUDIT_PAGE_SIZE = 20

export type AuditQuery = {
  accountName?: string
  action?: string
  target?: string
  // `YYYY-MM-DD`, or with a time of day
  from?: string
  to?: string
  pageNo: number
}

const FIELDS = [
  'accountName',
  'action',
  'target',
  'from',
  'to',
  'pageNo',
] as const

// A field that does not hold (a mistyped date, a page of letters) is left out rather than
// refusing the whole address.
export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const input: Record<string, string> = {}
  for (const field of FIELDS) {
    const value = params.get(field)?.trim()
    if (value) input[field] = value
  }
  let result = AuditQuerySchema.safeParse(input)
  if (!result.success) {
    for (const issue of result.error.issues) delete input[String(issue.path[0])]
    result = AuditQuerySchema.safeParse(input)
  }
  const { accountName, action, target, from, to, pageNo } = result.success
    ? result.data
    : { pageNo: 1 }
  return { accountName, action, target, from, to, pageNo: pageNo ?? 1 }
}

export const auditFilterOf = ({ pageNo: _pageNo, ...filter }: AuditQuery) =>
  filter

export function auditQueryHref(query: AuditQuery): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(auditFilterOf(query)))
    if (value) params.set(key, value)
  if (query.pageNo > 1) params.set('pageNo', String(query.pageNo))
  const search = params.toString()
  return `${href('/admin/audit')}${search ? `?${search}` : ''}`
}
