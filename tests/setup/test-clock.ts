/**
 * The instant the whole unit and API suite calls "now" where a test does not move its own
 * clock: the shared templates are seeded at it and `buildTestApp` starts its clock from it. A
 * Monday morning in Shanghai, clear of holidays and of a year's turn, before the days the tests
 * fix for themselves (2026-11-24 onwards), so that a seeded record is never newer than a test's
 * clock, whatever the machine's date.
 */
export const TEST_NOW = new Date('2026-11-23T02:00:00.000Z')

/**
 * A clock that starts at `start` when made and then runs with the machine's: what expires
 * after a few seconds still does, but the day it is never depends on the machine's date.
 */
export function runningClock(start: Date = TEST_NOW): () => Date {
  const offset = start.getTime() - Date.now()
  return () => new Date(Date.now() + offset)
}
