import { describe, expect, it } from 'vitest'

import { decisionDueDate } from './complaint-deadlines.ts'
import { calendarCoveringUpTo } from '#tests/complaint-test-data.ts'
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
    expect(() => calendar.isWorkday('2003-06-02')).toThrow(
      /节假日日历尚未包含2003年/,
    )
  })
})

// chinese-days 1.5.7 covers 2004–2026: 2027 is the provisional year until a release has it.
// When the package covers 2027, these tests move on to 2028/2029 with the data.
describe('the provisional year after the last covered one', () => {
  it('is 2027, the year after 2026', () => {
    expect(calendar.coveredYears.at(-1)).toBe(2026)
    expect(calendar.provisionalYear).toBe(2027)
  })

  it('counts Monday to Friday as working days and weekends not', () => {
    // 2027-01-01 is a Friday: without the notice, even 元旦 counts.
    expect(calendar.isWorkday('2027-01-01')).toBe(true)
    expect(calendar.isWorkday('2027-01-02')).toBe(false)
    expect(calendar.isWorkday('2027-01-03')).toBe(false)
    expect(calendar.isWorkday('2027-01-04')).toBe(true)
    expect(calendar.addWorkdays('2027-01-01', 5)).toBe('2027-01-08')
    expect(calendar.countWorkdays('2027-01-04', '2027-01-18')).toBe(10)
  })

  it('marks dates in 2027 provisional and dates in 2026 not', () => {
    expect(calendar.isProvisional('2027-01-04')).toBe(true)
    expect(calendar.isProvisional('2027-12-31')).toBe(true)
    expect(calendar.isProvisional('2026-12-31')).toBe(false)
    expect(calendar.isProvisional('2026-01-05')).toBe(false)
  })

  it('still refuses 2028 with the clear Chinese error', () => {
    expect(() => calendar.isWorkday('2028-01-03')).toThrow(
      /节假日日历尚未包含2028年.*2027年按工作日暂计/,
    )
    expect(() => calendar.addWorkdays('2027-12-30', 3)).toThrow(/2028年/)
  })

  it('gives an acceptance on 2026-11-23 a provisional decision deadline in 2027', () => {
    const accepted = { excludedWorkdays: 0, extensionWorkdays: 0 }
    const due = decisionDueDate(
      { ...accepted, acceptedAt: '2026-11-23 10:00:00' },
      calendar,
    )
    // 11-24..11-30 (5), December (23 working days), then 2027-01-01 (Fri) and 01-04 (Mon).
    expect(due).toBe('2027-01-04')
    expect(calendar.isProvisional(due!)).toBe(true)
  })

  it('takes the data of a year once it is there (the package upgraded)', () => {
    const older = calendarCoveringUpTo(2025)
    expect(older.provisionalYear).toBe(2026)
    // 国庆节 2026: weekdays only without the notice, the holidays with it.
    expect(older.addWorkdays('2026-09-29', 3)).toBe('2026-10-02')
    expect(older.isProvisional('2026-10-02')).toBe(true)
    expect(calendar.addWorkdays('2026-09-29', 3)).toBe('2026-10-09')
  })
})
