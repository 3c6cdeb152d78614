import { describe, expect, it } from 'vitest'

import { auditQueryHref, parseAuditQuery } from './audit-query.ts'

describe('the audit page’s address', () => {
  it('keeps the filters and the page through a round trip', () => {
    const query = parseAuditQuery(
      new URLSearchParams(
        'accountName=li.handler&action=session.sign-in&target=202603010001&from=2026-03-01&to=2026-03-02&pageNo=3',
      ),
    )
    expect(query).toEqual({
      accountName: 'li.handler',
      action: 'session.sign-in',
      target: '202603010001',
      from: '2026-03-01',
      to: '2026-03-02',
      pageNo: 3,
    })
    expect(
      parseAuditQuery(new URL(auditQueryHref(query), 'http://x').searchParams),
    ).toEqual(query)
  })

  it('leaves out a field that does not hold instead of refusing the page', () => {
    expect(
      parseAuditQuery(
        new URLSearchParams('accountName=wang&from=3月1日&pageNo=abc'),
      ),
    ).toEqual({ accountName: 'wang', pageNo: 1 })
    expect(auditQueryHref({ pageNo: 1 })).toBe('/admin/audit')
  })
})
