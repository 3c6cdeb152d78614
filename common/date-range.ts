import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'

import {
  type SchedulePresetKey,
  TIME_PRESETS,
  type TimePresetKey,
} from '#common/constants/ui.ts'

dayjs.extend(utc)
dayjs.extend(timezone)

/** The portal's local time: every time filter is a day in Xinjiang's official zone (UTC+8). */
export const PORTAL_TIME_ZONE = 'Asia/Shanghai'

export type DateRange = { startTime: string; endTime: string }

/**
 * spec §5, §9: day presets go back N days (today is 0), month presets clamp a shorter month to
 * its last day; whole days in Asia/Shanghai whatever the machine's zone.
 */
export function presetRange(
  key: TimePresetKey,
  now: Date = new Date(),
): DateRange | undefined {
  const preset = TIME_PRESETS.find((p) => p.key === key)
  if (!preset || !('value' in preset)) return undefined
  // Calendar arithmetic on the Shanghai date in UTC, which has no daylight-saving jumps.
  const today = dayjs.utc(dayjs(now).tz(PORTAL_TIME_ZONE).format('YYYY-MM-DD'))
  const start = today.subtract(
    preset.value,
    preset.type === 'd' ? 'day' : 'month',
  )
  return {
    startTime: `${start.format('YYYY-MM-DD')} 00:00:00`,
    endTime: `${today.format('YYYY-MM-DD')} 23:59:59`,
  }
}

export function portalDay(now: Date = new Date()): string {
  return dayjs(now).tz(PORTAL_TIME_ZONE).format('YYYY-MM-DD')
}

const DAY_START = ' 00:00:00'
const DAY_END = ' 23:59:59'

/** The calendar week of `now` in the portal's zone, Monday to Sunday (the Chinese week). */
export function portalWeek(now: Date = new Date()): {
  start: string
  end: string
} {
  const today = dayjs.utc(portalDay(now))
  // dayjs counts Sunday as day 0; the week starts on Monday.
  const monday = today.subtract((today.day() + 6) % 7, 'day')
  return {
    start: monday.format('YYYY-MM-DD'),
    end: monday.add(6, 'day').format('YYYY-MM-DD'),
  }
}

export function portalMonth(now: Date = new Date()): DateRange {
  const first = dayjs.utc(portalDay(now)).startOf('month')
  return {
    startTime: first.format('YYYY-MM-DD') + DAY_START,
    endTime: first.endOf('month').format('YYYY-MM-DD') + DAY_END,
  }
}

export function scheduleRange(
  key: SchedulePresetKey,
  now: Date = new Date(),
): DateRange {
  const today = portalDay(now)
  if (key === 'week') {
    const week = portalWeek(now)
    return { startTime: week.start + DAY_START, endTime: week.end + DAY_END }
  }
  const end =
    key === 'today'
      ? today
      : dayjs.utc(today).add(29, 'day').format('YYYY-MM-DD')
  return { startTime: today + DAY_START, endTime: end + DAY_END }
}
