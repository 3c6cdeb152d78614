import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
} from 'kysely'

import type {
  ComplaintDeadlineFilter,
  ComplaintQueueFlag,
} from '#common/constants/complaint-workbench.ts'
import type { StaffComplaintQueueQuery } from '#common/schemas/complaint/complaint-queue.ts'
import type { Database } from '#server/db/schema.ts'
import { containsPattern } from '#server/shared/like-pattern.ts'

type Db = Kysely<Database>

export function findComplaintObjection(db: Db, complaintId: number) {
  return db
    .selectFrom('complaintObjection')
    .select(['objectionDate', 'replyStatus', 'replyDate', 'replySummary'])
    .where('complaintId', '=', complaintId)
    .executeTakeFirst()
}

export function findComplaintFiles(db: Db, complaintId: number) {
  return db
    .selectFrom('complaintFile as cf')
    .innerJoin('file as f', 'f.id', 'cf.fileId')
    .select(['cf.purpose', 'f.id', 'f.name'])
    .where('cf.complaintId', '=', complaintId)
    .orderBy('cf.purpose')
    .orderBy('cf.sort')
    .execute()
}

export function findComplaintFormFile(db: Db, formFileId: string) {
  return db
    .selectFrom('file')
    .select(['id', 'name'])
    .where('id', '=', formFileId)
    .executeTakeFirstOrThrow()
}

type ComplaintQueueFilter = Omit<
  StaffComplaintQueueQuery,
  'pageNo' | 'pageSize' | 'sort' | 'assignee'
> & {
  /** 'me' resolved by the route to the person's account. */
  assignee?: 'none' | number
  /** 'YYYY-MM-DD', Asia/Shanghai. */
  today: string
  dueSoonUntil: string
}

// None while a withdrawal asked before acceptance waits, or material asked for before it: the
// acceptance clock stands still then.
function runningDueDate(eb: ExpressionBuilder<Database, 'complaint'>) {
  return eb
    .case()
    .when(
      eb.and([
        eb('state', 'in', ['submitted', 'received']),
        eb('acceptanceStoppedAt', 'is', null),
      ]),
    )
    .then(eb.ref('acceptanceDueDate'))
    .when(
      eb.and([
        eb('state', 'in', ['accepted', 'withdrawal_requested']),
        eb('acceptedAt', 'is not', null),
        eb('clockPausedAt', 'is', null),
      ]),
    )
    .then(eb.ref('decisionDueDate'))
    .else(null)
    .end()
}

const FLAG_CONDITIONS: Record<
  ComplaintQueueFlag,
  (eb: ExpressionBuilder<Database, 'complaint'>) => Expression<SqlBool>
> = {
  material_requested: (eb) => eb('isMaterialRequested', '=', 1),
  activity_suspended: (eb) => eb('isActivitySuspended', '=', 1),
  clock_paused: (eb) => eb('clockPausedAt', 'is not', null),
  extended: (eb) => eb('extensionWorkdays', '>', 0),
  withdrawal_requested: (eb) => eb('state', '=', 'withdrawal_requested'),
  // What the head can decide now: accepted, the clock running (decide refuses while paused),
  // no material still awaited from the complainant.
  ready_for_decision: (eb) =>
    eb.and([
      eb('state', '=', 'accepted'),
      eb('clockPausedAt', 'is', null),
      eb('isMaterialRequested', '=', 0),
    ]),
  // A 处理决定书 or a summary to publish waiting for a head (拟稿 → 核稿 → 签发).
  draft_submitted: (eb) =>
    eb.exists(
      eb
        .selectFrom('complaintDraft')
        .select('complaintDraft.kind')
        .whereRef('complaintDraft.complaintId', '=', 'complaint.id')
        .where('complaintDraft.status', '=', 'submitted'),
    ),
}

function deadlineCondition(
  eb: ExpressionBuilder<Database, 'complaint'>,
  deadline: ComplaintDeadlineFilter,
  filter: Pick<ComplaintQueueFilter, 'today' | 'dueSoonUntil'>,
): Expression<SqlBool> {
  const due = runningDueDate(eb)
  if (deadline === 'overdue') return eb(due, '<', filter.today)
  if (deadline === 'due_today') return eb(due, '=', filter.today)
  return eb.and([
    eb(due, '>=', filter.today),
    eb(due, '<=', filter.dueSoonUntil),
  ])
}

function queue(db: Db, filter: ComplaintQueueFilter) {
  return db.selectFrom('complaint').where((eb) => {
    const conditions: Expression<SqlBool>[] = []
    if (filter.state) conditions.push(eb('state', '=', filter.state))
    if (filter.flag) conditions.push(FLAG_CONDITIONS[filter.flag](eb))
    if (filter.deadline)
      conditions.push(deadlineCondition(eb, filter.deadline, filter))
    if (filter.assignee === 'none')
      conditions.push(eb('assigneeId', 'is', null))
    else if (typeof filter.assignee === 'number')
      conditions.push(eb('assigneeId', '=', filter.assignee))
    if (filter.keyword) {
      const like = containsPattern(filter.keyword)
      conditions.push(
        eb.or(
          (['complaintNo', 'projectName', 'complainantName'] as const).map(
            (column) =>
              sql<SqlBool>`${eb.ref(column)} like ${like} escape '\\'`,
          ),
        ),
      )
    }
    return eb.and(conditions)
  })
}

export async function findComplaintPage(
  db: Db,
  filter: ComplaintQueueFilter,
  page: Pick<StaffComplaintQueueQuery, 'pageNo' | 'pageSize' | 'sort'>,
) {
  let rows = queue(db, filter)
    .select([
      'complaintNo',
      'state',
      'projectName',
      'complainantName',
      'complaintType',
      'submittedAt',
      'acceptedAt',
      'acceptanceDueDate',
      'decisionDueDate',
      'clockPausedAt',
      'excludedWorkdays',
      'acceptanceStoppedAt',
      'acceptanceExcludedWorkdays',
      'extensionWorkdays',
      'isMaterialRequested',
      'isActivitySuspended',
      'isPublished',
      'assigneeId',
    ])
    .select((eb) =>
      eb
        .selectFrom('staffAccount')
        .select('displayName')
        .whereRef('staffAccount.id', '=', 'complaint.assigneeId')
        .as('assigneeName'),
    )
  if (page.sort === 'deadline')
    rows = rows
      .orderBy((eb) =>
        eb.case().when(runningDueDate(eb), 'is', null).then(1).else(0).end(),
      )
      .orderBy((eb) => runningDueDate(eb))
  const [items, total] = await Promise.all([
    rows
      .orderBy('submittedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize)
      .execute(),
    queue(db, filter)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows: items, total: Number(total.n) }
}

export async function countDashboard(
  db: Db,
  bounds: Pick<ComplaintQueueFilter, 'today' | 'dueSoonUntil'>,
  accountId: number,
) {
  const count = (condition: Expression<SqlBool>) =>
    sql<number>`sum(case when ${condition} then 1 else 0 end)`
  const row = await db
    .selectFrom('complaint')
    .select((eb) => [
      count(deadlineCondition(eb, 'due_today', bounds)).as('dueToday'),
      count(deadlineCondition(eb, 'overdue', bounds)).as('overdue'),
      count(deadlineCondition(eb, 'due_soon', bounds)).as('dueSoon'),
      count(eb('state', '=', 'submitted')).as('awaitingSigning'),
      count(FLAG_CONDITIONS.ready_for_decision(eb)).as('awaitingDecision'),
      count(FLAG_CONDITIONS.draft_submitted(eb)).as('awaitingReview'),
      count(FLAG_CONDITIONS.withdrawal_requested(eb)).as('withdrawalRequests'),
      count(eb('assigneeId', '=', accountId)).as('mine'),
    ])
    .executeTakeFirstOrThrow()
  // sum() is null over no rows, and a string (bigint) on PostgreSQL.
  const n = (value: unknown) => Number(value ?? 0)
  return {
    dueToday: n(row.dueToday),
    overdue: n(row.overdue),
    dueSoon: n(row.dueSoon),
    awaitingSigning: n(row.awaitingSigning),
    awaitingDecision: n(row.awaitingDecision),
    awaitingReview: n(row.awaitingReview),
    withdrawalRequests: n(row.withdrawalRequests),
    mine: n(row.mine),
  }
}

export function findComplaintTranscripts(db: Db, complaintId: number) {
  return db
    .selectFrom('complaintTranscript')
    .select([
      'id',
      'title',
      'place',
      'interviewee',
      'occurredAt',
      'isVisibleToComplainant',
    ])
    .where('complaintId', '=', complaintId)
    .orderBy('id')
    .execute()
}
