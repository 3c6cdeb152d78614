import type { WorkingCalendar } from '#server/complaints/working-calendar.ts'
import { Refusal } from '#server/shared/refusal.ts'

// How the law counts a period in days (民法典 arts. 201 and 203): the day it starts from is not
// counted, and a period whose last day is a rest day (a weekend or a statutory holiday, as the
// official calendar has them) ends on the first working day after it. Every rule here speaks of
// days (日), not working days, so the holidays inside a period count; only its end moves.

const DAY_MS = 86_400_000

/** YYYY-MM-DD of a date or a 'YYYY-MM-DD HH:mm:ss' time. */
export const dayOf = (text: string): string => text.slice(0, 10)

const epochDay = (date: string) =>
  Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS)

export function addDays(date: string, days: number): string {
  return new Date((epochDay(date) + days) * DAY_MS).toISOString().slice(0, 10)
}

/** Days from `from` to `to`, `from` not counted: the 1st to the 21st is 20 days. */
export const daysBetween = (from: string, to: string): number =>
  epochDay(to) - epochDay(from)

/** Days from the first to the last, both counted: a sale from the 1st to the 5th is 5 days. */
export const daysInclusive = (first: string, last: string): number =>
  daysBetween(first, last) + 1

/**
 * The last day of a period of `days` days from `from` (not counted), moved past rest days
 * (art. 203). Where the calendar cannot tell (a year it does not cover), the plain day stands.
 */
export function periodEnd(
  from: string,
  days: number,
  calendar: WorkingCalendar,
): { end: string; movedBy: number } {
  const plain = addDays(from, days)
  let end = plain
  try {
    while (!calendar.isWorkday(end)) end = addDays(end, 1)
  } catch (error) {
    if (error instanceof Refusal) return { end: plain, movedBy: 0 }
    throw error
  }
  return { end, movedBy: daysBetween(plain, end) }
}
