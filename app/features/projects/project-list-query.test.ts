import { describe, expect, it } from 'vitest'

import {
  projectListHref,
  parseProjectListQuery,
  timeFilterOf,
  toProjectPageQuery,
} from './project-list-query.ts'

const parse = (search: string) =>
  parseProjectListQuery(new URLSearchParams(search))

describe('the project list URL', () => {
  it('falls back to no filter for malformed values instead of failing the page', () => {
    expect(
      parse(
        'page=-2&category=99&region=123&tradeMode=<x>&time=forever&start=2026-13-01&stage=nope',
      ),
    ).toEqual({
      page: 1,
      keyword: '',
      category: '',
      region: '',
      stage: '',
      tradeMode: '',
      time: 'all',
      start: '',
      end: '',
    })
  })

  it('takes a range only with both days in order, and a preset over a range', () => {
    expect(parse('start=2026-11-01').start).toBe('')
    expect(parse('start=2026-11-09&end=2026-11-01').start).toBe('')
    expect(timeFilterOf(parse('start=2026-11-01&end=2026-11-09'))).toEqual({
      range: { start: '2026-11-01', end: '2026-11-09' },
    })
    expect(
      timeFilterOf(parse('time=7d&start=2026-11-01&end=2026-11-09')),
    ).toEqual({ preset: '7d' })
  })

  it("keeps a stage only inside the chosen category's tab set", () => {
    expect(parse('category=1&stage=bidOpening').stage).toBe('bidOpening')
    expect(parse('category=102&stage=bidOpening').stage).toBe('bidOpening')
    expect(parse('category=3&stage=bidOpening').stage).toBe('')
    expect(parse('stage=bidOpening').stage).toBe('')
  })

  it('keeps the filters and starts again at page 1 when one changes', () => {
    const query = parse('keyword=水库&category=1&stage=bidNotice&page=3')
    expect(projectListHref(query, { page: 4 })).toBe(
      '/business/list?keyword=%E6%B0%B4%E5%BA%93&category=1&stage=bidNotice&page=4',
    )
    expect(projectListHref(query, { region: '650100' })).toBe(
      '/business/list?keyword=%E6%B0%B4%E5%BA%93&category=1&stage=bidNotice&region=650100',
    )
    // Government procurement has no bid notice: the stage goes with the old category.
    expect(projectListHref(query, { category: '2' })).toBe(
      '/business/list?keyword=%E6%B0%B4%E5%BA%93&category=2',
    )
  })

  it('puts a chosen range in place of a preset and the other way round', () => {
    const query = parse('time=1m')
    const withRange = projectListHref(query, {
      timeFilter: { range: { start: '2026-10-01', end: '2026-10-31' } },
    })
    expect(withRange).toBe('/business/list?start=2026-10-01&end=2026-10-31')
    const back = parse(withRange.split('?')[1]!)
    expect(projectListHref(back, { timeFilter: { preset: '7d' } })).toBe(
      '/business/list?time=7d',
    )
  })

  it('asks the API for the category of a sub-type and for whole days', () => {
    const api = toProjectPageQuery(
      parse('category=203&start=2026-10-01&end=2026-10-31&page=2'),
    )
    expect(api).toMatchObject({
      pageNo: 2,
      pageSize: 10,
      category: 2,
      subType: 203,
      startTime: '2026-10-01 00:00:00',
      endTime: '2026-10-31 23:59:59',
    })
    const preset = toProjectPageQuery(
      parse('category=5&time=7d'),
      new Date('2026-11-22T04:00:00Z'),
    )
    expect(preset).toMatchObject({
      category: 5,
      subType: undefined,
      startTime: '2026-11-15 00:00:00',
      endTime: '2026-11-22 23:59:59',
    })
  })
})
