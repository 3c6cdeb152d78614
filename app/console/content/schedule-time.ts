import dayjs from 'dayjs'

import {
  CONTENT_REFUSALS,
  MAX_SCHEDULE_DAYS,
} from '#common/constants/content.ts'
import { PORTAL_TIME_ZONE } from '#common/date-range.ts'

// A schedule is the portal's wall-clock time (Asia/Shanghai), whatever the browser's zone.

const TEXT = 'YYYY-MM-DD HH:mm:ss'

export const portalNow = (now: Date = new Date()) =>
  dayjs(now).tz(PORTAL_TIME_ZONE).format(TEXT)

const latestSchedule = (now: Date = new Date()) =>
  dayjs(now).tz(PORTAL_TIME_ZONE).add(MAX_SCHEDULE_DAYS, 'day').format(TEXT)

export const msgScheduleTooLate = `定时发布时间不能晚于${MAX_SCHEDULE_DAYS}天后`

export const scheduleTextOf = (fieldValue: string) =>
  `${fieldValue.replace('T', ' ').slice(0, 16)}:00`

const fieldValueOf = (text: string) => text.slice(0, 16).replace(' ', 'T')

export const scheduleBounds = (now: Date = new Date()) => ({
  min: fieldValueOf(portalNow(now)),
  max: fieldValueOf(latestSchedule(now)),
})

export function scheduleRefusal(
  text: string,
  now: Date = new Date(),
): string | null {
  if (text <= portalNow(now)) return CONTENT_REFUSALS.pastSchedule
  if (text > latestSchedule(now)) return msgScheduleTooLate
  return null
}
