import type { WorkingCalendar } from '../working-calendar.ts'

// Which statutory deadlines a complaint has running, and on which working day before each a
// person is reminded. Pure: the job (send-reminders.ts) brings the rows and the clock.

export type DeadlineKind = 'acceptance' | 'material' | 'decision' | 'extension'

export const DEADLINE_LABELS: Record<DeadlineKind, string> = {
  acceptance: '受理期限',
  material: '补正材料期限',
  decision: '处理期限',
  extension: '延长后的处理期限',
}

export type DeadlineFacts = {
  state: string
  acceptanceDueDate: string | null
  acceptanceStoppedAt: string | null
  decisionDueDate: string | null
  clockPausedAt: string | null
  extensionWorkdays: number
  // The open 补正 request's due date, if one awaits its answer.
  materialDueDate: string | null
}

export type Deadline = { kind: DeadlineKind; dueDate: string }

// A clock that stands still (中止计时 for material before acceptance, 中止 for an inspection or
// expert review) has no deadline to remind of until it runs again.
export function runningDeadlines(c: DeadlineFacts): Deadline[] {
  const deadlines: Deadline[] = []
  if (
    (c.state === 'submitted' || c.state === 'received') &&
    c.acceptanceDueDate &&
    !c.acceptanceStoppedAt
  )
    deadlines.push({ kind: 'acceptance', dueDate: c.acceptanceDueDate })
  if (c.materialDueDate)
    deadlines.push({ kind: 'material', dueDate: c.materialDueDate })
  if (c.state === 'accepted' && c.decisionDueDate && !c.clockPausedAt)
    deadlines.push({
      kind: c.extensionWorkdays > 0 ? 'extension' : 'decision',
      dueDate: c.decisionDueDate,
    })
  return deadlines
}

/**
 * The reminder due today for a deadline, as the working days before it (0: the day itself), or
 * null. Only on working days, and only the nearest of the chosen days that has come: a server
 * that was down on the earlier day sends that day's reminder late, but never two at once.
 */
export function reminderStage(
  today: string,
  dueDate: string,
  days: readonly number[],
  calendar: WorkingCalendar,
): number | null {
  if (today > dueDate || !calendar.isWorkday(today)) return null
  const left = calendar.countWorkdays(today, dueDate)
  const reached = days.filter((day) => day >= left)
  return reached.length > 0 ? Math.min(...reached) : null
}

/** 'today' / '还剩1个工作日' / '已超期' as the mails and the digest say it. */
export function timeLeftText(
  today: string,
  dueDate: string,
  calendar: WorkingCalendar,
): string {
  if (dueDate < today) return '已超期'
  if (dueDate === today) return '今天到期'
  return `还剩${calendar.countWorkdays(today, dueDate)}个工作日`
}
