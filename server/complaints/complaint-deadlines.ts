import {
  COMPLAINT_ACCEPTANCE_WORKDAYS,
  COMPLAINT_DECISION_WORKDAYS,
} from '#common/constants/statute.ts'

import type { ComplaintRow } from '#server/db/schema.ts'

import type { ComplaintSnapshot } from './lifecycle-rule.ts'
import type { WorkingCalendar } from './working-calendar.ts'

export const dateOf = (time: string) => time.slice(0, 10)

/** The calendar day after `date` ('YYYY-MM-DD'). */
export function dayAfter(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000)
    .toISOString()
    .slice(0, 10)
}

/** 00:00 of the day after `date`: when an acceptance due on `date` has passed. */
export function startOfNextDay(date: string): string {
  return `${dayAfter(date)} 00:00:00`
}

// 条例 art. 61: an online complaint is received the day it is submitted, not when staff sign for
// it (签收). The working days the clock stood still while material was awaited are added.
export function acceptanceDueDate(
  submittedAt: string,
  calendar: WorkingCalendar,
  excludedWorkdays = 0,
): string {
  return calendar.addWorkdays(
    dateOf(submittedAt),
    COMPLAINT_ACCEPTANCE_WORKDAYS + excludedWorkdays,
  )
}

/**
 * The acceptance clock runs again on `resumeDate` after standing still for a 补正 request: the
 * working days from the request's day (inclusive) to `resumeDate` (exclusive) are not counted,
 * as 条例 art. 62 counts a paused decision clock. No automatic acceptance while a withdrawal is
 * being decided (不予撤回 restarts it from the new due date).
 */
export function resumedAcceptanceClock(
  c: Pick<
    ComplaintSnapshot,
    'state' | 'acceptanceStoppedAt' | 'acceptanceExcludedWorkdays'
  > & { submittedAt: string },
  resumeDate: string,
  calendar: WorkingCalendar,
): Partial<ComplaintRow> {
  if (!c.acceptanceStoppedAt) return {}
  const excluded =
    c.acceptanceExcludedWorkdays +
    calendar.countWorkdays(dateOf(c.acceptanceStoppedAt), resumeDate)
  const due = acceptanceDueDate(c.submittedAt, calendar, excluded)
  return {
    acceptanceStoppedAt: null,
    acceptanceExcludedWorkdays: excluded,
    acceptanceDueDate: due,
    ...(c.state === 'submitted' || c.state === 'received'
      ? { autoAcceptAt: startOfNextDay(due) }
      : {}),
  }
}

/** The decision due date: 30 wd after acceptance, plus extensions and excluded time. */
export function decisionDueDate(
  c: Pick<
    ComplaintSnapshot,
    'acceptedAt' | 'excludedWorkdays' | 'extensionWorkdays'
  >,
  calendar: WorkingCalendar,
): string | null {
  if (!c.acceptedAt) return null
  return calendar.addWorkdays(
    dateOf(c.acceptedAt),
    COMPLAINT_DECISION_WORKDAYS + c.extensionWorkdays + c.excludedWorkdays,
  )
}
