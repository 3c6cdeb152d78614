import type { Kysely } from 'kysely'

import { COMPLAINT_TYPES } from '#common/constants/statute.ts'
import type {
  ComplaintFigureRow,
  ComplaintFiguresQuery,
  StaffComplaintFigures,
} from '#common/schemas/complaint/complaint-figures.ts'
import type { Database } from '#server/db/schema.ts'

import { dayAfter } from '../complaint-deadlines.ts'
import type { WorkingCalendar } from '../working-calendar.ts'

// Figures on the department's own work (issue 26, point 7): what came in, what became of it,
// and whether the law's time limits were kept. A complaint counts in the month (or quarter) it
// was received. Time is in working days as the law counts them: from the day after receipt to
// acceptance (补正 time left out), from the day after acceptance to the decision (time of
// 检验、检测、鉴定、专家评审 left out).

type Case = {
  submittedAt: string
  acceptedAt: string | null
  decidedAt: string | null
  closedAt: string | null
  state: string
  complaintType: string
  assigneeId: number | null
  assigneeName: string | null
  acceptanceDueDate: string | null
  decisionDueDate: string | null
  acceptanceExcludedWorkdays: number
  excludedWorkdays: number
}

const dateOf = (stamp: string) => stamp.slice(0, 10)

function findCases(db: Kysely<Database>, year: number) {
  return db
    .selectFrom('complaint as c')
    .leftJoin('staffAccount as s', 's.id', 'c.assigneeId')
    .select([
      'c.submittedAt',
      'c.acceptedAt',
      'c.decidedAt',
      'c.closedAt',
      'c.state',
      'c.complaintType',
      'c.assigneeId',
      's.displayName as assigneeName',
      'c.acceptanceDueDate',
      'c.decisionDueDate',
      'c.acceptanceExcludedWorkdays',
      'c.excludedWorkdays',
    ])
    .where('c.submittedAt', '>=', `${year}-01-01`)
    .where('c.submittedAt', '<', `${year + 1}-01-01`)
    .execute() as Promise<Case[]>
}

// Working days after `from` up to and including `to`, as the statutory periods count them.
const workdaysAfter = (
  calendar: WorkingCalendar,
  from: string,
  to: string,
  excluded: number,
) =>
  Math.max(
    0,
    calendar.countWorkdays(dayAfter(dateOf(from)), dayAfter(dateOf(to))) -
      excluded,
  )

function days(values: number[]) {
  if (values.length === 0) return { count: 0, mean: null, longest: null }
  const sum = values.reduce((a, b) => a + b, 0)
  return {
    count: values.length,
    mean: Math.round((sum / values.length) * 10) / 10,
    longest: Math.max(...values),
  }
}

function row(
  key: string,
  label: string,
  cases: Case[],
  calendar: WorkingCalendar,
): ComplaintFigureRow {
  const inState = (...states: string[]) =>
    cases.filter((c) => states.includes(c.state)).length
  // The acceptance question answered: accepted (by a person or when the period ran out), or
  // refused. A complaint withdrawn or transferred before it was answered has no answer to time.
  const answered = cases.filter(
    (c) => c.acceptedAt !== null || c.state === 'refused',
  )
  const answeredAt = (c: Case) => (c.acceptedAt ?? c.closedAt)!
  const decided = cases.filter(
    (c) => c.state === 'decided' && c.decidedAt && c.acceptedAt,
  )
  const decisionOnTime = decided.filter(
    (c) => c.decisionDueDate && dateOf(c.decidedAt!) <= c.decisionDueDate,
  ).length
  return {
    key,
    label,
    received: cases.length,
    accepted: cases.filter((c) => c.acceptedAt !== null).length,
    refused: inState('refused'),
    withdrawn: inState('withdrawn', 'revoked'),
    transferred: inState('transferred'),
    decided: decided.length,
    open: inState('submitted', 'received', 'accepted', 'withdrawal_requested'),
    acceptanceOnTime: answered.filter(
      (c) =>
        c.acceptanceDueDate !== null &&
        dateOf(answeredAt(c)) <= c.acceptanceDueDate,
    ).length,
    decisionOnTime,
    decisionOnTimeShare:
      decided.length === 0
        ? null
        : Math.round((decisionOnTime / decided.length) * 1000) / 1000,
    acceptanceDays: days(
      answered.map((c) =>
        workdaysAfter(
          calendar,
          c.submittedAt,
          answeredAt(c),
          c.acceptanceExcludedWorkdays,
        ),
      ),
    ),
    decisionDays: days(
      decided.map((c) =>
        workdaysAfter(
          calendar,
          c.acceptedAt!,
          c.decidedAt!,
          c.excludedWorkdays,
        ),
      ),
    ),
  }
}

function periodsOf(year: number, period: 'month' | 'quarter') {
  return period === 'month'
    ? Array.from({ length: 12 }, (_, i) => ({
        key: `${year}-${String(i + 1).padStart(2, '0')}`,
        label: `${year}年${i + 1}月`,
        has: (c: Case) => Number(c.submittedAt.slice(5, 7)) === i + 1,
      }))
    : Array.from({ length: 4 }, (_, i) => ({
        key: `${year}-Q${i + 1}`,
        label: `${year}年第${'一二三四'[i]}季度`,
        has: (c: Case) =>
          Math.ceil(Number(c.submittedAt.slice(5, 7)) / 3) === i + 1,
      }))
}

export async function countComplaintFigures(
  db: Kysely<Database>,
  calendar: WorkingCalendar,
  query: ComplaintFiguresQuery & { thisYear: number },
): Promise<StaffComplaintFigures> {
  const cases = await findCases(db, query.year)
  const assignees = new Map<string, string>()
  for (const c of cases)
    assignees.set(
      c.assigneeId === null ? 'none' : String(c.assigneeId),
      c.assigneeName ?? '未分派',
    )
  return {
    year: query.year,
    thisYear: query.thisYear,
    period: query.period,
    total: row('total', '合计', cases, calendar),
    byPeriod: periodsOf(query.year, query.period).map((p) =>
      row(p.key, p.label, cases.filter(p.has), calendar),
    ),
    byType: COMPLAINT_TYPES.map((type) =>
      row(
        type.value,
        type.label,
        cases.filter((c) => c.complaintType === type.value),
        calendar,
      ),
    ),
    byAssignee: [...assignees]
      .sort(([keyA, nameA], [keyB, nameB]) =>
        keyA === 'none'
          ? 1
          : keyB === 'none'
            ? -1
            : nameA.localeCompare(nameB, 'zh-CN'),
      )
      .map(([key, name]) =>
        row(
          key,
          name,
          cases.filter(
            (c) =>
              (c.assigneeId === null ? 'none' : String(c.assigneeId)) === key,
          ),
          calendar,
        ),
      ),
  }
}
