import {
  COMPLAINT_ACCEPTANCE_WORKDAYS,
  COMPLAINT_DECISION_WORKDAYS,
} from '#common/constants/statute.ts'

import type { ComplaintSnapshot } from './lifecycle-rule.ts'
import type { WorkingCalendar } from './working-calendar.ts'

export const dateOf = (time: string) => time.slice(0, 10)

/** 00:00 of the day after `date`: when an acceptance due on `date` has passed. */
export function startOfNextDay(date: string): string {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000)
  return `${next.toISOString().slice(0, 10)} 00:00:00`
}

// 条例 art. 61: an online complaint is received the day it is submitted, not when staff sign for
// it (签收).
export function acceptanceDueDate(
  submittedAt: string,
  calendar: WorkingCalendar,
): string {
  return calendar.addWorkdays(
    dateOf(submittedAt),
    COMPLAINT_ACCEPTANCE_WORKDAYS,
  )
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
