import { describe, expect, it } from 'vitest'

import { policyCategory, policyListUrl } from './policy-list-query.ts'

describe('the policy list URL', () => {
  it('opens on national laws and falls back to them for an unknown category', () => {
    const plain = policyListUrl.parse(new URLSearchParams(''))
    expect(plain).toEqual({
      page: 1,
      keyword: '',
      category: 'national',
      time: 'all',
    })
    const odd = policyListUrl.parse(
      new URLSearchParams('category=1073&page=-2&time=forever'),
    )
    expect(odd).toEqual(plain)
    expect(policyCategory(odd.category).label).toBe('国家法律法规')
  })

  it('asks the Article API for exactly the chosen category, 10 a page', () => {
    for (const [key, ctype] of [
      ['national', '927'],
      ['regional', '928'],
      ['interpretation', '929'],
      ['interface', '1070'],
    ]) {
      const query = policyListUrl.parse(
        new URLSearchParams(`category=${key}&page=2&keyword=投诉`),
      )
      expect(policyListUrl.toApiQuery(query)).toMatchObject({
        ctype,
        pageNo: 2,
        pageSize: 10,
        keyword: '投诉',
      })
    }
  })

  it('keeps the keyword and time in the URL and starts again at page 1 on a category change', () => {
    const query = policyListUrl.parse(
      new URLSearchParams('category=regional&keyword=评标&time=1y&page=3'),
    )
    expect(policyListUrl.href(query, { category: 'interface' })).toBe(
      '/policies/list?keyword=%E8%AF%84%E6%A0%87&category=interface&time=1y',
    )
    // The default category is not written out, so the plain list has one URL.
    expect(
      policyListUrl.href(query, { category: 'national', keyword: '' }),
    ).toBe('/policies/list?time=1y')
    expect(policyListUrl.href(query, { page: 4 })).toContain('page=4')
  })
})
