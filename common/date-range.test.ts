import { describe, expect, it } from 'vitest'

import {
  portalDay,
  portalMonth,
  portalWeek,
  presetRange,
  scheduleRange,
} from './date-range.ts'

// 2025-03-31 10:00 in Shanghai.
const endOfMarch = new Date('2025-03-31T02:00:00Z')

describe('presetRange', () => {
  it('gives no range for 全部', () => {
    expect(presetRange('all', endOfMarch)).toBeUndefined()
  })

  it('covers the whole of today for 今天', () => {
    expect(presetRange('today', endOfMarch)).toEqual({
      startTime: '2025-03-31 00:00:00',
      endTime: '2025-03-31 23:59:59',
    })
  })

  it('starts 7 days back for 近7天', () => {
    expect(presetRange('7d', endOfMarch)?.startTime).toBe('2025-03-24 00:00:00')
  })

  it('clamps 31 March minus one month to the end of February', () => {
    expect(presetRange('1m', endOfMarch)?.startTime).toBe('2025-02-28 00:00:00')
    expect(presetRange('1m', new Date('2024-03-31T02:00:00Z'))?.startTime).toBe(
      '2024-02-29 00:00:00',
    )
  })

  it('goes back 3, 6 and 12 months', () => {
    expect(presetRange('3m', endOfMarch)?.startTime).toBe('2024-12-31 00:00:00')
    expect(presetRange('6m', endOfMarch)?.startTime).toBe('2024-09-30 00:00:00')
    expect(presetRange('1y', endOfMarch)).toEqual({
      startTime: '2024-03-31 00:00:00',
      endTime: '2025-03-31 23:59:59',
    })
  })

  it('uses the Shanghai date when UTC is still on the previous day', () => {
    // 2025-01-01 07:30 in Shanghai is 2024-12-31 23:30 UTC.
    expect(presetRange('today', new Date('2024-12-31T23:30:00Z'))).toEqual({
      startTime: '2025-01-01 00:00:00',
      endTime: '2025-01-01 23:59:59',
    })
  })

  it('gives the same range whatever the machine time zone', () => {
    const saved = process.env.TZ
    try {
      process.env.TZ = 'America/Los_Angeles'
      const inLosAngeles = presetRange('7d', new Date('2024-12-31T23:30:00Z'))
      process.env.TZ = 'UTC'
      expect(presetRange('7d', new Date('2024-12-31T23:30:00Z'))).toEqual(
        inLosAngeles,
      )
      expect(inLosAngeles?.startTime).toBe('2024-12-25 00:00:00')
    } finally {
      process.env.TZ = saved
    }
  })
})

describe('schedule ranges', () => {
  // Sunday 2025-06-22 23:30 in Shanghai, still Sunday afternoon in UTC.
  const sundayNight = new Date('2025-06-22T15:30:00Z')
  // Monday 2025-06-23 00:30 in Shanghai, still Sunday in UTC.
  const mondayMorning = new Date('2025-06-22T16:30:00Z')

  it('runs the week from Monday to Sunday in Shanghai', () => {
    expect(portalWeek(sundayNight)).toEqual({
      start: '2025-06-16',
      end: '2025-06-22',
    })
    expect(portalWeek(mondayMorning)).toEqual({
      start: '2025-06-23',
      end: '2025-06-29',
    })
    expect(scheduleRange('week', mondayMorning)).toEqual({
      startTime: '2025-06-23 00:00:00',
      endTime: '2025-06-29 23:59:59',
    })
  })

  it('covers today, and the 30 days from today, whole days', () => {
    expect(portalDay(mondayMorning)).toBe('2025-06-23')
    expect(scheduleRange('today', mondayMorning)).toEqual({
      startTime: '2025-06-23 00:00:00',
      endTime: '2025-06-23 23:59:59',
    })
    expect(scheduleRange('30d', mondayMorning)).toEqual({
      startTime: '2025-06-23 00:00:00',
      endTime: '2025-07-22 23:59:59',
    })
  })

  it('gives the calendar month, a leap February included', () => {
    expect(portalMonth(new Date('2024-02-10T04:00:00Z'))).toEqual({
      startTime: '2024-02-01 00:00:00',
      endTime: '2024-02-29 23:59:59',
    })
    // 1 March 07:00 in Shanghai is still February in UTC.
    expect(portalMonth(new Date('2025-02-28T23:00:00Z')).startTime).toBe(
      '2025-03-01 00:00:00',
    )
  })
})
