import { describe, expect, it } from 'vitest'

import { officialCalendar } from './working-calendar.ts'

const calendar = officialCalendar()

describe('officialCalendar (chinese-days data)', () => {
  it('covers 2026', () => {
    expect(calendar.coveredYears).toContain(2026)
  })

  it('knows 国庆节 2026 as holidays and the Saturday 10-10 as a 调休 working day', () => {
    for (const day of ['2026-10-01', '2026-10-05', '2026-10-07'])
      expect(calendar.isWorkday(day)).toBe(false)
    expect(calendar.isWorkday('2026-10-10')).toBe(true)
    expect(calendar.isWorkday('2026-09-20')).toBe(true)
    expect(calendar.isWorkday('2026-10-11')).toBe(false)
  })

  it('counts 3 working days after 2026-09-29 across 国庆节 to 2026-10-09', () => {
    // 9-30 is the first; 10-1..10-7 are holidays; 10-8 and 10-9 follow.
    expect(calendar.addWorkdays('2026-09-29', 3)).toBe('2026-10-09')
  })

  it('counts the Sunday 调休 day 2026-09-20 as a working day', () => {
    expect(calendar.addWorkdays('2026-09-18', 1)).toBe('2026-09-20')
    expect(calendar.addWorkdays('2026-09-18', 3)).toBe('2026-09-22')
  })

  it('counts working days in a half-open range', () => {
    // 9-28, 9-29, 9-30, then 10-8, 10-9 and the 调休 Saturday 10-10.
    expect(calendar.countWorkdays('2026-09-28', '2026-10-12')).toBe(6)
  })

  it('refuses a year the package does not cover with a clear Chinese error', () => {
    expect(() => calendar.isWorkday('2099-01-05')).toThrow(
      /节假日日历尚未包含2099年/,
    )
    expect(() => calendar.addWorkdays('2099-01-05', 3)).toThrow(/2099年/)
  })
})
