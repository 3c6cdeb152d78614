import { describe, expect, it } from 'vitest'

import {
  parseResultsQuery,
  resultsHref,
  toPublishedQuery,
} from './results-query.ts'

describe('published results query in the URL', () => {
  it('reads page, keyword and type, falling back on malformed values', () => {
    expect(
      parseResultsQuery(
        new URLSearchParams('page=3&keyword= 塔里木 &type=opening'),
      ),
    ).toEqual({ page: 3, keyword: '塔里木', type: 'opening' })
    expect(
      parseResultsQuery(new URLSearchParams('page=-1&type=unknown')),
    ).toEqual({ page: 1, keyword: '', type: '' })
  })

  it('asks the Portal API for 10 a page with only the filters set', () => {
    expect(toPublishedQuery({ page: 2, keyword: '', type: '' })).toEqual({
      pageNo: 2,
      pageSize: 10,
      keyword: undefined,
      complaintType: undefined,
    })
  })

  it('writes the filters back into a link, without page 1', () => {
    const query = { page: 1, keyword: '水库', type: 'evaluation_result' }
    expect(resultsHref(query, 1)).toBe(
      '/complaint/list?keyword=%E6%B0%B4%E5%BA%93&type=evaluation_result',
    )
    expect(resultsHref({ page: 1, keyword: '', type: '' }, 4)).toBe(
      '/complaint/list?page=4',
    )
  })
})
