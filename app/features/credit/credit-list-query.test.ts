import { describe, expect, it } from 'vitest'

import {
  creditListHref,
  parseCreditListQuery,
  toCreditPageQuery,
} from './credit-list-query.ts'

const parse = (search: string) =>
  parseCreditListQuery(new URLSearchParams(search))

describe('the credit list’s address', () => {
  it('shows 公示中 records of every kind and year on page 1 by default', () => {
    expect(parse('')).toEqual({
      page: 1,
      keyword: '',
      kind: '',
      year: 0,
      status: 'public',
    })
    expect(toCreditPageQuery(parse(''))).toEqual({
      pageNo: 1,
      pageSize: 10,
      keyword: undefined,
      partyKind: undefined,
      year: undefined,
      status: 'public',
    })
  })

  it('reads the filters it was given, and falls back to the default for a malformed one', () => {
    expect(
      parse('keyword=%20恒泰%20&kind=agency&year=2025&status=archived&page=3'),
    ).toEqual({
      page: 3,
      keyword: '恒泰',
      kind: 'agency',
      year: 2025,
      status: 'archived',
    })
    expect(
      parse(
        'kind=bank&year=abc&status=expired&page=-2&keyword=' + '字'.repeat(101),
      ),
    ).toEqual({ page: 1, keyword: '', kind: '', year: 0, status: 'public' })
    expect(parse('year=1999').year).toBe(0)
  })

  it('writes only what differs from the default, and starts again at page 1 when a filter changes', () => {
    const query = parse('keyword=恒泰&status=all&page=4')
    expect(creditListHref(query, { page: 5 })).toBe(
      `/credit/list?keyword=${encodeURIComponent('恒泰')}&status=all&page=5`,
    )
    expect(creditListHref(query, { kind: 'expert' })).toBe(
      `/credit/list?keyword=${encodeURIComponent('恒泰')}&kind=expert&status=all`,
    )
    expect(creditListHref(parse('status=archived'), { status: 'public' })).toBe(
      '/credit/list',
    )
  })
})
