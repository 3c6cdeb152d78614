import { describe, expect, it } from 'vitest'

import { pageRange } from './page-range.ts'

describe('page range (ten to a page, spec §9)', () => {
  it('says which page of how many while the page is in the list', () => {
    expect(pageRange(1, 47)).toEqual({
      pageCount: 5,
      isPastEnd: false,
      summary: '，第 1 / 5 页',
    })
    expect(pageRange(5, 47).summary).toBe('，第 5 / 5 页')
    expect(pageRange(2, 20)).toMatchObject({ pageCount: 2, isPastEnd: false })
  })

  it('never shows a page past the end as 第 999 / 5 页', () => {
    expect(pageRange(999, 47)).toEqual({
      pageCount: 5,
      isPastEnd: true,
      summary: '，共 5 页',
    })
    expect(pageRange(3, 20)).toMatchObject({ pageCount: 2, isPastEnd: true })
  })

  it('has no pages and nothing past the end when the list is empty', () => {
    expect(pageRange(1, 0)).toEqual({
      pageCount: 0,
      isPastEnd: false,
      summary: '',
    })
    expect(pageRange(7, 0).isPastEnd).toBe(false)
  })
})
