import { describe, expect, it } from 'vitest'

import {
  currentStagesFor,
  nextSort,
  projectListHref,
  parseProjectListQuery,
  sortOrderOf,
  timeFilterOf,
  toProjectPageQuery,
} from './project-list-query.ts'

const parse = (search: string) =>
  parseProjectListQuery(new URLSearchParams(search))

describe('the project list URL', () => {
  it('falls back to no filter for malformed values instead of failing the page', () => {
    expect(
      parse(
        'page=-2&category=99&region=123&tradeMode=<x>&time=forever&start=2026-13-01&stage=nope' +
          '&currentStage=done&opening=soon&deadline=1&sort=name&order=up',
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
      currentStage: '',
      opening: '',
      deadline: '',
      sort: 'publishTime',
      order: '',
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

describe('the project list sorted and filtered by its schedule', () => {
  it('holds the sort, the current stage and the schedule filters in the URL, and reads them back', () => {
    const query = parse('category=1')
    const href = projectListHref(query, {
      currentStage: 'bidRegistration',
      opening: 'week',
      ...nextSort(query, 'openingTime'),
    })
    expect(href).toBe(
      '/business/list?category=1&currentStage=bidRegistration&opening=week&sort=openingTime',
    )
    const back = parse(href.split('?')[1]!)
    expect(back).toMatchObject({
      category: '1',
      currentStage: 'bidRegistration',
      opening: 'week',
      sort: 'openingTime',
      order: '',
    })
    expect(sortOrderOf(back)).toBe('asc')
  })

  it('sorts a column its own way first, then the other way round, and starts again at page 1', () => {
    const byOpening = parse('sort=openingTime&page=3')
    expect(nextSort(byOpening, 'openingTime')).toEqual({
      sort: 'openingTime',
      order: 'desc',
    })
    expect(nextSort(byOpening, 'publishTime')).toEqual({
      sort: 'publishTime',
      order: 'desc',
    })
    expect(projectListHref(byOpening, nextSort(byOpening, 'openingTime'))).toBe(
      '/business/list?sort=openingTime&order=desc',
    )
    // The default order stands in the URL as nothing.
    expect(projectListHref(byOpening, nextSort(byOpening, 'publishTime'))).toBe(
      '/business/list',
    )
    expect(parse('sort=registrationDeadline&order=asc').order).toBe('')
    expect(sortOrderOf(parse(''))).toBe('desc')
  })

  it("keeps a current stage without a category, but only inside a chosen category's tab set", () => {
    expect(parse('currentStage=landParcel').currentStage).toBe('landParcel')
    expect(parse('category=1&currentStage=landParcel').currentStage).toBe('')
    expect(currentStagesFor(parse('category=2'))).toEqual([
      'entry',
      'procurementNotice',
      'procurementResult',
    ])
    expect(currentStagesFor(parse('')).length).toBe(14)
    const query = parse('currentStage=bidNotice')
    expect(projectListHref(query, { category: '3' })).toBe(
      '/business/list?category=3',
    )
  })

  it('asks the API for whole Shanghai days of openings and deadlines, and the order in force', () => {
    // Wednesday 2026-11-25 09:00 in Shanghai.
    const now = new Date('2026-11-25T01:00:00Z')
    expect(
      toProjectPageQuery(
        parse(
          'opening=week&deadline=today&currentStage=bidNotice&sort=currentStage',
        ),
        now,
      ),
    ).toMatchObject({
      openingStart: '2026-11-23 00:00:00',
      openingEnd: '2026-11-29 23:59:59',
      registrationStart: '2026-11-25 00:00:00',
      registrationEnd: '2026-11-25 23:59:59',
      currentStage: 'bidNotice',
      sort: 'currentStage',
      order: 'asc',
    })
    expect(toProjectPageQuery(parse('opening=30d'), now)).toMatchObject({
      openingStart: '2026-11-25 00:00:00',
      openingEnd: '2026-12-24 23:59:59',
      registrationStart: undefined,
      sort: 'publishTime',
      order: 'desc',
    })
  })
})
