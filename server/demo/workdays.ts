import { officialCalendar } from '#server/complaints/working-calendar.ts'
import { Refusal } from '#server/shared/refusal.ts'

const DAY_MS = 86_400_000

/** Working-day arithmetic on Shanghai dates 'YYYY-MM-DD', for placing the demo's trades. */
export type Workdays = {
  addDays(day: string, days: number): string
  /** The `count`-th working day after `day` (before it when negative). */
  shift(day: string, count: number): string
  /** The day itself when it is a working day, else the nearest one before it. */
  onOrBefore(day: string): string
  /** The day itself when it is a working day, else the nearest one after it. */
  onOrAfter(day: string): string
}

/**
 * On the official holiday calendar (chinese-days, as the complaint deadlines count). A year it
 * does not cover counts Monday to Friday: demo content must be made whatever the date.
 */
export function createWorkdays(): Workdays {
  const calendar = officialCalendar()
  const addDays = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS)
      .toISOString()
      .slice(0, 10)
  function isWorkday(day: string) {
    try {
      return calendar.isWorkday(day)
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
      return weekday !== 0 && weekday !== 6
    }
  }
  const nearest = (day: string, step: 1 | -1) => {
    let found = day
    while (!isWorkday(found)) found = addDays(found, step)
    return found
  }
  return {
    addDays,
    shift(day, count) {
      const step = count < 0 ? -1 : 1
      let found = day
      for (let left = Math.abs(count); left > 0;) {
        found = addDays(found, step)
        if (isWorkday(found)) left--
      }
      return found
    },
    onOrBefore: (day) => nearest(day, -1),
    onOrAfter: (day) => nearest(day, 1),
  }
}
