import { describe, expect, it } from 'vitest'

import type { AlertFilters } from '#common/alert-filters.ts'
import { AlertFiltersSchema } from '#common/schemas/alerts.ts'

import {
  filterKeyOf,
  fitsFilters,
  itemPath,
  type NewItem,
} from './alert-match.ts'

const filters = (fields: Partial<AlertFilters> & { scope: string }) =>
  AlertFiltersSchema.parse(fields)

const article = (categoryId: number, type = 'article'): NewItem => ({
  entryId: 1,
  type,
  refId: 10,
  projectId: null,
  stage: null,
  categoryId,
  publishTime: '2026-11-25 10:00:00',
  project: null,
})
const announcement = (
  stage: string,
  project: { category: number; subType: number; regionCode: string },
): NewItem => ({
  entryId: 2,
  type: 'announcement',
  refId: 20,
  projectId: 5,
  stage,
  categoryId: null,
  publishTime: '2026-11-25 10:00:00',
  project: { ...project, entryId: 3 },
})

describe('what a saved search lists', () => {
  it('takes a news list’s category, 全部 being notices and industry news only', () => {
    const all = filters({ scope: 'news' })
    expect(all.category).toBe('all')
    expect(fitsFilters(all, article(1073))).toBe(true)
    expect(fitsFilters(all, article(1001))).toBe(true)
    expect(fitsFilters(all, article(1002))).toBe(false)
    expect(fitsFilters(all, article(928, 'policy'))).toBe(false)
    expect(
      fitsFilters(filters({ scope: 'policies' }), article(927, 'policy')),
    ).toBe(true)
    expect(
      fitsFilters(
        filters({ scope: 'policies', category: 'regional' }),
        article(927, 'policy'),
      ),
    ).toBe(false)
  })

  it('takes the trade list’s category or sub-type, region and stage for announcements', () => {
    const place = { category: 1, subType: 101, regionCode: '652800' }
    const search = filters({
      scope: 'business',
      category: '101',
      region: '652800',
      stage: 'bidNotice',
    })
    expect(fitsFilters(search, announcement('bidNotice', place))).toBe(true)
    expect(fitsFilters(search, announcement('bidResult', place))).toBe(false)
    expect(
      fitsFilters(
        search,
        announcement('bidNotice', { ...place, subType: 102 }),
      ),
    ).toBe(false)
    expect(
      fitsFilters(
        search,
        announcement('bidNotice', { ...place, regionCode: '650100' }),
      ),
    ).toBe(false)
    const category = filters({ scope: 'business', category: '1' })
    expect(
      fitsFilters(category, announcement('entry', { ...place, subType: 103 })),
    ).toBe(true)
    expect(fitsFilters(filters({ scope: 'business' }), article(1073))).toBe(
      false,
    )
  })

  it('takes every type of the site search, or the one chosen', () => {
    const search = filters({ scope: 'search', keyword: '水库' })
    expect(fitsFilters(search, article(1073))).toBe(true)
    expect(
      fitsFilters(
        search,
        announcement('entry', {
          category: 1,
          subType: 101,
          regionCode: '650000',
        }),
      ),
    ).toBe(true)
    const policies = filters({
      scope: 'search',
      keyword: '水库',
      type: 'policy',
    })
    expect(fitsFilters(policies, article(1073))).toBe(false)
  })

  it('is one search however its keyword is spaced, and drops what its page does not read', () => {
    const a = filters({
      scope: 'news',
      keyword: ' 防汛  检查 ',
      region: '650100',
    })
    const b = filters({ scope: 'news', keyword: '防汛 检查', category: 'all' })
    expect(a).toEqual(b)
    expect(filterKeyOf(a)).toBe(filterKeyOf(b))
  })

  it('links an item as the search results do', () => {
    expect(
      itemPath({ type: 'policy', refId: 3, projectId: null, stage: null }),
    ).toBe('/policies/detail?id=3')
    expect(
      itemPath({
        type: 'announcement',
        refId: 9,
        projectId: 4,
        stage: 'bidResult',
      }),
    ).toBe('/business/detail?id=4&stage=bidResult')
    expect(
      itemPath({ type: 'article', refId: 8, projectId: null, stage: null }),
    ).toBe('/index/newDetail?id=8')
  })
})
