import dayjs from 'dayjs'

import {
  CONTENT_REFUSALS,
  MAX_SCHEDULE_DAYS,
} from '#common/constants/content.ts'
import { PORTAL_TIME_ZONE } from '#common/date-range.ts'

/*
 * A scheduled publication's time is the portal's wall-clock time (Asia/Shanghai, as every time
 * of the portal): the field's day and minute are read as such, whatever the browser's zone.
 * The field is the browser's own date-and-time input (`datetime-local`, 'YYYY-MM-DDTHH:mm'),
 * which every keyboard and screen reader knows.
 */

const TEXT = 'YYYY-MM-DD HH:mm:ss'

/** The portal's time now, as the API writes times. */
export const portalNow = (now: Date = new Date()) =>
  dayjs(now).tz(PORTAL_TIME_ZONE).format(TEXT)

/** The last moment a publication may be scheduled for. */
export const latestSchedule = (now: Date = new Date()) =>
  dayjs(now).tz(PORTAL_TIME_ZONE).add(MAX_SCHEDULE_DAYS, 'day').format(TEXT)

export const msgScheduleTooLate = `定时发布时间不能晚于${MAX_SCHEDULE_DAYS}天后`

/** The field's value ('YYYY-MM-DDTHH:mm') as the API's time text. */
export const scheduleTextOf = (fieldValue: string) =>
  `${fieldValue.replace('T', ' ').slice(0, 16)}:00`

/** The field's value of an API time text, for its min and max. */
const fieldValueOf = (text: string) => text.slice(0, 16).replace(' ', 'T')

/** The field's bounds: from this minute to the last day a schedule may be set for. */
export const scheduleBounds = (now: Date = new Date()) => ({
  min: fieldValueOf(portalNow(now)),
  max: fieldValueOf(latestSchedule(now)),
})

/** Why a time cannot be a publication's schedule, or null when it can (the server checks again). */
export function scheduleRefusal(
  text: string,
  now: Date = new Date(),
): string | null {
  if (text <= portalNow(now)) return CONTENT_REFUSALS.pastSchedule
  if (text > latestSchedule(now)) return msgScheduleTooLate
  return null
}
