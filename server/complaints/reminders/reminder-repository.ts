import type { Kysely, Transaction } from 'kysely'

import { ROLE_HANDLER, ROLE_HEAD } from '#common/constants/staff.ts'
import type { Database } from '#server/db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

/** The states whose deadlines are reminded of (runningDeadlines decides which run). */
const STATES_WITH_DEADLINES = ['submitted', 'received', 'accepted']

/** Open complaints with their deadlines' facts and the open 补正 request's due date. */
export async function findComplaintsWithDeadlines(db: Db) {
  const rows = await db
    .selectFrom('complaint')
    .select([
      'complaint.id',
      'complaint.complaintNo',
      'complaint.projectName',
      'complaint.state',
      'complaint.assigneeId',
      'complaint.acceptanceDueDate',
      'complaint.acceptanceStoppedAt',
      'complaint.decisionDueDate',
      'complaint.clockPausedAt',
      'complaint.extensionWorkdays',
    ])
    .select((eb) =>
      eb
        .selectFrom('complaintMaterialRequest')
        .select((r) => r.fn.max('complaintMaterialRequest.dueDate').as('d'))
        .whereRef('complaintMaterialRequest.complaintId', '=', 'complaint.id')
        .where('complaintMaterialRequest.answeredAt', 'is', null)
        .as('materialDueDate'),
    )
    .where('complaint.state', 'in', STATES_WITH_DEADLINES)
    .where('complaint.closedAt', 'is', null)
    .orderBy('complaint.id')
    .execute()
  return rows.map((row) => ({
    ...row,
    assigneeId: row.assigneeId == null ? null : Number(row.assigneeId),
    extensionWorkdays: Number(row.extensionWorkdays),
    materialDueDate: row.materialDueDate ?? null,
  }))
}
export type ComplaintWithDeadlines = Awaited<
  ReturnType<typeof findComplaintsWithDeadlines>
>[number]

/** Enabled people who handle or head complaints, with where and when they are reminded. */
export async function findReminderRecipients(db: Db) {
  const rows = await db
    .selectFrom('staffAccount as a')
    .innerJoin('staffAccountRole as r', 'r.accountId', 'a.id')
    .select([
      'a.id',
      'a.displayName',
      'a.email',
      'a.mobile',
      'a.reminderDays',
      'r.role',
    ])
    .where('r.role', 'in', [ROLE_HANDLER, ROLE_HEAD])
    .where('a.isDisabled', '=', 0)
    .where('a.isSystem', '=', 0)
    .orderBy('a.id')
    .execute()
  const people = new Map<
    number,
    {
      id: number
      name: string
      email: string | null
      mobile: string | null
      reminderDays: string | null
      isHead: boolean
    }
  >()
  for (const row of rows) {
    const id = Number(row.id)
    const person = people.get(id) ?? {
      id,
      name: row.displayName,
      email: row.email ?? null,
      mobile: row.mobile ?? null,
      reminderDays: row.reminderDays ?? null,
      isHead: false,
    }
    if (row.role === ROLE_HEAD) person.isHead = true
    people.set(id, person)
  }
  return [...people.values()]
}
export type ReminderRecipient = Awaited<
  ReturnType<typeof findReminderRecipients>
>[number]

/** The reminders already sent for these complaints, as keys of reminderKey. */
export async function findSentReminderKeys(
  db: Db,
  complaintIds: number[],
): Promise<Set<string>> {
  if (complaintIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('complaintReminder')
    .select(['complaintId', 'accountId', 'deadline', 'dueDate', 'daysBefore'])
    .where('complaintId', 'in', complaintIds)
    .execute()
  return new Set(rows.map((row) => reminderKey(row)))
}

export const reminderKey = (r: {
  complaintId: number
  accountId: number
  deadline: string
  dueDate: string
  daysBefore: number
}) =>
  `${r.complaintId}/${r.accountId}/${r.deadline}/${r.dueDate}/${r.daysBefore}`

/** False when another process (or an earlier run) recorded it first: then nothing is sent. */
export async function recordReminder(
  trx: Transaction<Database>,
  row: {
    complaintId: number
    accountId: number
    deadline: string
    dueDate: string
    daysBefore: number
    channels: string
    sentAt: string
  },
): Promise<boolean> {
  const result = await trx
    .insertInto('complaintReminder')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns([
          'complaintId',
          'accountId',
          'deadline',
          'dueDate',
          'daysBefore',
        ])
        .doNothing(),
    )
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}

/** False when the person's digest of that day is already recorded. */
export async function recordDigest(
  trx: Transaction<Database>,
  row: { accountId: number; day: string; sentAt: string },
): Promise<boolean> {
  const result = await trx
    .insertInto('staffDigest')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['accountId', 'day']).doNothing(),
    )
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}

export async function findDigestedAccounts(
  db: Db,
  day: string,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('staffDigest')
    .select('accountId')
    .where('day', '=', day)
    .execute()
  return new Set(rows.map((row) => Number(row.accountId)))
}

/** Decision drafts awaiting a head's 核稿 (the digest lists them for heads). */
export async function findSubmittedDrafts(db: Db) {
  return db
    .selectFrom('complaintDraft as d')
    .innerJoin('complaint as c', 'c.id', 'd.complaintId')
    .select(['c.complaintNo', 'c.projectName', 'd.kind', 'd.drafterName'])
    .where('d.status', '=', 'submitted')
    .orderBy('d.submittedAt')
    .execute()
}
