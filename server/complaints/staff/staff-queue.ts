import type { Kysely } from 'kysely'

import { COMPLAINT_DUE_SOON_WORKDAYS } from '#common/constants/complaint-workbench.ts'
import type { ComplaintState } from '#common/constants/statute.ts'
import type {
  QueueClock,
  StaffComplaintDashboard,
  StaffComplaintPage,
  StaffComplaintQueueQuery,
} from '#common/schemas/complaint/complaint-queue.ts'
import type { Database } from '#server/db/schema.ts'
import { stateLabel } from '#server/complaints/complaint-lifecycle.ts'
import type { WorkingCalendar } from '#server/complaints/working-calendar.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'

import { dayAfter } from '../complaint-deadlines.ts'
import { countDashboard, findComplaintPage } from './staff-repository.ts'

type QueueRow = Awaited<ReturnType<typeof findComplaintPage>>['rows'][number]

function queueClock(
  row: Pick<
    QueueRow,
    | 'state'
    | 'acceptedAt'
    | 'acceptanceDueDate'
    | 'decisionDueDate'
    | 'clockPausedAt'
    | 'excludedWorkdays'
    | 'acceptanceStoppedAt'
    | 'acceptanceExcludedWorkdays'
  >,
  today: string,
  calendar: WorkingCalendar,
): QueueClock {
  const isAccepted = row.acceptedAt !== null
  const isOpen = OPEN_STATES.includes(row.state as ComplaintState)
  const kind =
    row.state === 'submitted' || row.state === 'received'
      ? 'acceptance'
      : isOpen && isAccepted
        ? 'decision'
        : null
  // The acceptance clock stands still for material asked for; the decision clock for testing or
  // expert review. As their resumption will count it: the working days from the stop to today.
  const stoppedAt =
    kind === 'acceptance'
      ? row.acceptanceStoppedAt
      : kind === 'decision'
        ? row.clockPausedAt
        : null
  const isPaused = stoppedAt !== null
  const pausedNow = stoppedAt
    ? calendar.countWorkdays(stoppedAt.slice(0, 10), today)
    : 0
  const pausedBefore =
    kind === 'acceptance'
      ? row.acceptanceExcludedWorkdays
      : kind === 'decision'
        ? row.excludedWorkdays
        : 0
  const dueDate = isPaused
    ? null
    : kind === 'acceptance'
      ? row.acceptanceDueDate
      : kind === 'decision'
        ? row.decisionDueDate
        : null
  return {
    kind,
    dueDate,
    workdaysLeft:
      dueDate === null ? null : workdaysLeft(dueDate, today, calendar),
    isPaused,
    pausedWorkdays: pausedBefore + pausedNow,
    isProvisional: dueDate !== null && calendar.isProvisional(dueDate),
  }
}

const OPEN_STATES: readonly ComplaintState[] = [
  'accepted',
  'withdrawal_requested',
]

// 0 means due today. Past it, minus the working days since, at least 1: a Friday's deadline is
// overdue on Saturday.
function workdaysLeft(
  due: string,
  today: string,
  calendar: WorkingCalendar,
): number {
  if (due >= today)
    return calendar.countWorkdays(dayAfter(today), dayAfter(due))
  return -Math.max(1, calendar.countWorkdays(dayAfter(due), dayAfter(today)))
}

function deadlineBounds(now: Date, calendar: WorkingCalendar) {
  const today = toShanghaiText(now).slice(0, 10)
  return {
    today,
    dueSoonUntil: calendar.addWorkdays(today, COMPLAINT_DUE_SOON_WORKDAYS),
  }
}

export async function findStaffComplaintPage(
  db: Kysely<Database>,
  query: Omit<StaffComplaintQueueQuery, 'assignee'> & {
    assignee?: 'none' | number
  },
  now: Date,
  calendar: WorkingCalendar,
): Promise<StaffComplaintPage> {
  const isProvisional = (due: string | null) =>
    due !== null && calendar.isProvisional(due)
  const { pageNo, pageSize, sort, ...filter } = query
  const bounds = deadlineBounds(now, calendar)
  const { rows, total } = await findComplaintPage(
    db,
    { ...filter, ...bounds },
    { pageNo, pageSize, sort },
  )
  return {
    items: rows.map((r) => ({
      complaintNo: r.complaintNo,
      state: r.state,
      stateLabel: stateLabel(r.state),
      projectName: r.projectName,
      complainantName: r.complainantName,
      complaintType: r.complaintType,
      submittedAt: r.submittedAt,
      acceptanceDueDate: r.acceptanceDueDate,
      decisionDueDate: r.decisionDueDate,
      clockPausedAt: r.clockPausedAt,
      isClockPaused: r.clockPausedAt !== null,
      isAcceptanceDueProvisional: isProvisional(r.acceptanceDueDate),
      isDecisionDueProvisional: isProvisional(r.decisionDueDate),
      isMaterialRequested: r.isMaterialRequested === 1,
      isActivitySuspended: r.isActivitySuspended === 1,
      isExtended: r.extensionWorkdays > 0,
      isPublished: r.isPublished === 1,
      clock: queueClock(r, bounds.today, calendar),
      assignee:
        r.assigneeId === null || r.assigneeId === undefined
          ? null
          : { id: Number(r.assigneeId), name: r.assigneeName ?? '' },
    })),
    total,
  }
}

export async function complaintDashboard(
  db: Kysely<Database>,
  now: Date,
  calendar: WorkingCalendar,
  accountId: number,
): Promise<StaffComplaintDashboard> {
  const bounds = deadlineBounds(now, calendar)
  return {
    today: bounds.today,
    ...(await countDashboard(db, bounds, accountId)),
  }
}
