import { describe, expect, it } from 'vitest'

import {
  ALL_NEWS_NOTE,
  newsListHref,
  parseNewsListQuery,
  toArticlePageQuery,
} from './news-list-query.ts'

describe('the news list URL', () => {
  it('falls back to defaults for malformed values instead of failing the page', () => {
    const query = parseNewsListQuery(
      new URLSearchParams('page=abc&category=<x>&time=forever'),
    )
    expect(query).toEqual({
      page: 1,
      keyword: '',
      category: 'all',
      time: 'all',
    })
  })

  it('keeps filters in the URL and starts again at page 1 when a filter changes', () => {
    const query = parseNewsListQuery(
      new URLSearchParams('page=3&category=notice&keyword=水库'),
    )
    expect(newsListHref(query, { page: 4 })).toBe(
      '/index/newList?keyword=%E6%B0%B4%E5%BA%93&category=notice&page=4',
    )
    expect(newsListHref(query, { time: '7d' })).toBe(
      '/index/newList?keyword=%E6%B0%B4%E5%BA%93&category=notice&time=7d',
    )
  })

  it('turns a time preset into a range of whole days ending tonight', () => {
    const query = parseNewsListQuery(
      new URLSearchParams('time=7d&category=industry'),
    )
    const api = toArticlePageQuery(query, new Date('2026-11-22T04:00:00Z'))
    expect(api).toMatchObject({
      pageNo: 1,
      pageSize: 10,
      ctype: '1001',
      startTime: '2026-11-15 00:00:00',
      endTime: '2026-11-22 23:59:59',
    })
  })
})

describe('the 全部 news category', () => {
  it('says it holds 通知公告 and 行业动态 (spec §9: 1073, 1001) and not 新闻动态', () => {
    expect(ALL_NEWS_NOTE).toBe('“全部”含通知公告、行业动态，不含新闻动态')
  })
})
