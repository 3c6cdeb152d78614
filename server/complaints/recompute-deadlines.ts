import type { Kysely } from 'kysely'

import { toShanghaiText } from '#server/shared/publish-time.ts'
import type { ComplaintRow, Database } from '#server/db/schema.ts'
import { Refusal } from '#server/shared/refusal.ts'
import {
  acceptanceDueDate,
  decisionDueDate,
  startOfNextDay,
} from './complaint-deadlines.ts'
import {
  findComplaintsWithRunningClocks,
  updateComplaintWithEvent,
} from './complaint-repository.ts'
import type { ComplaintDeps } from '#server/complaints/complaint-service.ts'
import { officialCalendar, type WorkingCalendar } from './working-calendar.ts'

type DeadlineMove = {
  kind: 'acceptance' | 'decision'
  from: string | null
  to: string
  /**
   * calendar: a holiday notice the installed data now has; receipt: the deadline was missing or
   * counted from signing (签收), before the clock started at submission (条例 art. 61).
   */
  cause: 'calendar' | 'receipt'
}

type DeadlineRecompute = {
  changes: Partial<ComplaintRow>
  moves: DeadlineMove[]
}

const KIND_LABEL = { acceptance: '受理期限', decision: '处理期限' }
const CAUSE_REASON = {
  calendar: '依据新公布的法定节假日和调休安排重新计算法定期限',
  receipt:
    '依据《招标投标法实施条例》第六十一条，受理期限自收到投诉之日（网上提交之日）起计算',
}
const dateOf = (time: string) => time.slice(0, 10)

function isCountedBeforeReceiptRule(
  c: ComplaintRow,
  calendar: WorkingCalendar,
): boolean {
  if (c.acceptanceDueDate === null) return true
  if (!c.receivedAt || dateOf(c.receivedAt) === dateOf(c.submittedAt))
    return false
  try {
    return acceptanceDueDate(c.receivedAt, calendar) === c.acceptanceDueDate
  } catch (error) {
    if (error instanceof Refusal) return false
    throw error
  }
}

// 条例 art. 61: the acceptance deadline runs from submission, also while nobody has signed for the
// complaint. A deadline that did not move gives no change.
function planDeadlineRecompute(
  c: ComplaintRow,
  calendar: WorkingCalendar,
): DeadlineRecompute {
  const changes: Partial<ComplaintRow> = {}
  const moves: DeadlineMove[] = []
  const isWaitingForAcceptance =
    c.state === 'submitted' ||
    c.state === 'received' ||
    (c.state === 'withdrawal_requested' && c.acceptedAt === null)
  // A clock stopped for material has no due date to move: its resumption counts it then.
  if (isWaitingForAcceptance && !c.acceptanceStoppedAt) {
    const due = acceptanceDueDate(
      c.submittedAt,
      calendar,
      c.acceptanceExcludedWorkdays,
    )
    if (due !== c.acceptanceDueDate) {
      changes.acceptanceDueDate = due
      // While a withdrawal is decided there is no automatic acceptance; 不予撤回 restarts it
      // from the (new) due date.
      if (c.state !== 'withdrawal_requested')
        changes.autoAcceptAt = startOfNextDay(due)
      moves.push({
        kind: 'acceptance',
        from: c.acceptanceDueDate,
        to: due,
        cause: isCountedBeforeReceiptRule(c, calendar) ? 'receipt' : 'calendar',
      })
    }
  }
  // A paused clock has no due date to move: resume-clock computes it with the calendar then.
  if (c.acceptedAt && !c.decidedAt && !c.clockPausedAt) {
    const due = decisionDueDate(c, calendar)
    if (due && due !== c.decisionDueDate) {
      changes.decisionDueDate = due
      moves.push({
        kind: 'decision',
        from: c.decisionDueDate,
        to: due,
        cause: 'calendar',
      })
    }
  }
  return { changes, moves }
}

function moveReason(moves: DeadlineMove[]): string {
  const causes = [...new Set(moves.map((m) => m.cause))]
  return causes
    .map((cause) => {
      const list = moves
        .filter((m) => m.cause === cause)
        .map((m) => `${KIND_LABEL[m.kind]} ${m.from ?? '未计算'} → ${m.to}`)
        .join('；')
      return `${CAUSE_REASON[cause]}：${list}`
    })
    .join('。')
}

// Each moved complaint is updated only if unchanged since read (version), so a second start, or a
// second process, changes nothing.
export async function recomputeOpenDeadlines(
  db: Kysely<Database>,
  deps: Pick<ComplaintDeps, 'calendar' | 'now' | 'log'>,
): Promise<string[]> {
  const calendar = deps.calendar ?? officialCalendar()
  const stamp = toShanghaiText((deps.now ?? (() => new Date()))())
  const changed: string[] = []
  for (const c of await findComplaintsWithRunningClocks(db)) {
    let plan: DeadlineRecompute
    try {
      plan = planDeadlineRecompute(c, calendar)
    } catch (error) {
      // A deadline beyond the provisional year: leave it as it was counted.
      if (!(error instanceof Refusal)) throw error
      deps.log?.warn(
        { err: error, complaintNo: c.complaintNo },
        'statutory deadline not recomputed',
      )
      continue
    }
    if (plan.moves.length === 0) continue
    const isUpdated = await updateComplaintWithEvent(
      db,
      c,
      { ...plan.changes, updatedAt: stamp },
      {
        type: 'recompute-deadlines',
        fromState: c.state,
        toState: c.state,
        actorKind: 'system',
        actorName: '系统',
        reason: moveReason(plan.moves),
        documentId: null,
        occurredAt: stamp,
      },
    )
    if (isUpdated) changed.push(c.complaintNo)
  }
  return changed
}
