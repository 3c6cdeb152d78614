import { describe, expect, it } from 'vitest'

import {
  msgScheduleTooLate,
  portalNow,
  scheduleBounds,
  scheduleRefusal,
  scheduleTextOf,
} from './schedule-time.ts'

// 23:30 on the portal's clock (Asia/Shanghai, UTC+8) is 15:30 UTC: the portal's day ends in
// half an hour, UTC's in eight and a half.
const NOW = new Date('2026-11-24T15:30:00Z')

describe('a scheduled publication’s time', () => {
  it('is read on the portal’s clock, whatever the browser’s zone', () => {
    expect(portalNow(NOW)).toBe('2026-11-24 23:30:00')
    expect(scheduleTextOf('2026-11-25T08:05')).toBe('2026-11-25 08:05:00')
    expect(scheduleBounds(NOW)).toEqual({
      min: '2026-11-24T23:30',
      max: '2027-11-25T23:30',
    })
  })

  it('must be later than now and within the year ahead', () => {
    expect(scheduleRefusal('2026-11-24 23:30:00', NOW)).toBe(
      '定时发布时间须晚于当前时间',
    )
    expect(scheduleRefusal('2026-11-24 08:00:00', NOW)).toBe(
      '定时发布时间须晚于当前时间',
    )
    expect(scheduleRefusal('2026-11-25 00:00:00', NOW)).toBeNull()
    expect(scheduleRefusal('2027-11-25 23:30:00', NOW)).toBeNull()
    expect(scheduleRefusal('2027-11-26 00:00:00', NOW)).toBe(msgScheduleTooLate)
  })
})
