import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'

import { TIME_PRESETS, type TimePresetKey } from '#common/constants/ui.ts'

dayjs.extend(utc)
dayjs.extend(timezone)

/** The portal's local time: every time filter is a day in Xinjiang's official zone (UTC+8). */
export const PORTAL_TIME_ZONE = 'Asia/Shanghai'

/** A time filter as the Article API expects it (common/schemas/article.ts). */
export type DateRange = { startTime: string; endTime: string }

/**
 * The range of a time preset (spec §5, §9): day presets go back N days (today is 0 days),
 * month presets 1, 3, 6 or 12 months (a shorter month clamps to its last day); the range runs
 * from 00:00:00 of the start day to 23:59:59 today, in Asia/Shanghai whatever the machine's
 * zone. 'all' has no range and gives undefined.
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
