import type { Kysely, Transaction } from 'kysely'

import { REMINDER_HOUR } from '#common/constants/staff.ts'
import { parseReminderDays } from '#common/reminder-days.ts'
import type { Database } from '#server/db/schema.ts'
import { queueMail } from '#server/shared/mail-outbox.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { appendAudit } from '#server/staff/audit-repository.ts'

import { insertComplaintEvent } from '../complaint-repository.ts'
import { queueSms } from '../sms-outbox.ts'
import { officialCalendar, type WorkingCalendar } from '../working-calendar.ts'
import {
  type Deadline,
  reminderStage,
  runningDeadlines,
  timeLeftText,
} from './deadline-stages.ts'
import {
  digestMail,
  type DigestLine,
  type ReminderFacts,
  reminderMail,
  reminderRecordText,
  reminderSms,
} from './reminder-messages.ts'
import {
  type ComplaintWithDeadlines,
  findComplaintsWithDeadlines,
  findDigestedAccounts,
  findReminderRecipients,
  findSentReminderKeys,
  findSubmittedDrafts,
  recordDigest,
  recordReminder,
  reminderKey,
  type ReminderRecipient,
} from './reminder-repository.ts'

export type ReminderDeps = {
  now?: () => Date
  calendar?: WorkingCalendar
  // Where the console is: the mails link to the complaint there.
  baseUrl: string
  wakeSmsOutbox?: () => void
  wakeMailOutbox?: () => void
}

const SYSTEM = { kind: 'system', name: '系统' }

const channelsOf = (person: ReminderRecipient) => [
  ...(person.email ? ['mail'] : []),
  ...(person.mobile ? ['sms'] : []),
]

/**
 * The 承办人 of a case and every head, each with something confirmed to send to (the console
 * tells whoever has nothing that they get no reminders).
 */
const recipientsOf = (
  complaint: ComplaintWithDeadlines,
  people: ReminderRecipient[],
) =>
  people.filter(
    (person) =>
      (person.isHead || person.id === complaint.assigneeId) &&
      channelsOf(person).length > 0,
  )

/** Now, and the Beijing date if it is a working day past the sending hour; else null. */
function sendingDay(deps: ReminderDeps) {
  const now = (deps.now ?? (() => new Date()))()
  const calendar = deps.calendar ?? officialCalendar()
  const text = toShanghaiText(now)
  const today = text.slice(0, 10)
  const isOpen =
    Number(text.slice(11, 13)) >= REMINDER_HOUR && calendar.isWorkday(today)
  return isOpen ? { now, today, calendar } : null
}

/** What the job did, in the audit log under 系统. */
function systemAudit(
  trx: Transaction<Database>,
  at: string,
  entry: { action: string; target: string; detail: object },
) {
  return appendAudit(trx, {
    occurredAt: at,
    accountId: null,
    accountName: SYSTEM.name,
    roles: '',
    address: '',
    action: entry.action,
    target: entry.target,
    outcome: 'ok',
    detail: JSON.stringify(entry.detail),
  })
}

/** The open complaints with their deadlines and the people reminded of them, read once a pass. */
export type OpenCases = {
  complaints: ComplaintWithDeadlines[]
  people: ReminderRecipient[]
}

async function loadOpenCases(db: Kysely<Database>): Promise<OpenCases> {
  const [complaints, people] = await Promise.all([
    findComplaintsWithDeadlines(db),
    findReminderRecipients(db),
  ])
  return { complaints, people }
}

/** One run of the job: outside the sending hours it reads nothing. */
export async function runReminderPass(
  db: Kysely<Database>,
  deps: ReminderDeps,
): Promise<{ reminders: number; digests: number }> {
  if (!sendingDay(deps)) return { reminders: 0, digests: 0 }
  const cases = await loadOpenCases(db)
  return {
    reminders: await runDueReminders(db, deps, cases),
    digests: await runMorningDigests(db, deps, cases),
  }
}

/**
 * Reminds each person of each running deadline on the working days they chose. Each reminder is
 * one transaction: its row (unique per complaint, person, deadline, due date and stage), the
 * timeline entry (staff only), the audit entry and the queued mail and text message; a row
 * another process wrote first makes it a no-op, so it goes once across processes and restarts.
 */
export async function runDueReminders(
  db: Kysely<Database>,
  deps: ReminderDeps,
  cases?: OpenCases,
): Promise<number> {
  const day = sendingDay(deps)
  if (!day) return 0
  const { now, today, calendar } = day
  const { complaints, people } = cases ?? (await loadOpenCases(db))
  const sent = await findSentReminderKeys(
    db,
    complaints.map((c) => c.id),
  )
  let count = 0
  for (const complaint of complaints) {
    for (const deadline of runningDeadlines(complaint)) {
      for (const person of recipientsOf(complaint, people)) {
        const daysBefore = reminderStage(
          today,
          deadline.dueDate,
          parseReminderDays(person.reminderDays),
          calendar,
        )
        if (daysBefore === null) continue
        const key = {
          complaintId: complaint.id,
          accountId: person.id,
          deadline: deadline.kind,
          dueDate: deadline.dueDate,
          daysBefore,
        }
        if (sent.has(reminderKey(key))) continue
        const facts: ReminderFacts = {
          complaintNo: complaint.complaintNo,
          projectName: complaint.projectName,
          state: complaint.state,
          deadline: deadline.kind,
          dueDate: deadline.dueDate,
          timeLeft: timeLeftText(today, deadline.dueDate, calendar),
        }
        if (await remindOnce(db, deps, now, key, facts, complaint, person))
          count += 1
      }
    }
  }
  if (count > 0) {
    deps.wakeSmsOutbox?.()
    deps.wakeMailOutbox?.()
  }
  return count
}

async function remindOnce(
  db: Kysely<Database>,
  deps: ReminderDeps,
  now: Date,
  key: Parameters<typeof reminderKey>[0],
  facts: ReminderFacts,
  complaint: ComplaintWithDeadlines,
  person: ReminderRecipient,
): Promise<boolean> {
  const stamp = toShanghaiText(now)
  const channels = channelsOf(person)
  const record = reminderRecordText(facts, person.name, channels)
  return db.transaction().execute(async (trx) => {
    if (
      !(await recordReminder(trx, {
        ...key,
        channels: channels.join(','),
        sentAt: stamp,
      }))
    )
      return false
    await insertComplaintEvent(trx, {
      complaintId: complaint.id,
      type: 'reminder',
      fromState: complaint.state,
      toState: complaint.state,
      actorKind: SYSTEM.kind,
      actorName: SYSTEM.name,
      reason: record,
      documentId: null,
      occurredAt: stamp,
    })
    await systemAudit(trx, stamp, {
      action: 'complaint.reminder',
      target: complaint.complaintNo,
      detail: {
        remindedAccountId: person.id,
        deadline: key.deadline,
        dueDate: key.dueDate,
        daysBefore: key.daysBefore,
        channels,
      },
    })
    if (person.email)
      await queueMail(
        trx,
        reminderMail(
          facts,
          { name: person.name, email: person.email },
          deps.baseUrl,
        ),
        now,
      )
    if (person.mobile)
      await queueSms(
        trx,
        { ...reminderSms(facts, person.mobile), complaintId: complaint.id },
        now,
      )
    return true
  })
}

const nearest = (deadlines: Deadline[]) =>
  [...deadlines].sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0]

/**
 * Each working morning, one mail to each person with a confirmed address: their cases (a head's:
 * all) with the nearest running deadline, overdue ones included, and for heads the documents
 * awaiting 核稿. Recorded per person and day before the mail is queued, in one transaction.
 */
export async function runMorningDigests(
  db: Kysely<Database>,
  deps: ReminderDeps,
  cases?: OpenCases,
): Promise<number> {
  const day = sendingDay(deps)
  if (!day) return 0
  const { now, today, calendar } = day
  const done = await findDigestedAccounts(db, today)
  const { complaints, people } = cases ?? (await loadOpenCases(db))
  const waiting = people.filter(
    (person) => person.email && !done.has(person.id),
  )
  if (waiting.length === 0) return 0
  const drafts = await findSubmittedDrafts(db)
  const lines = complaints.flatMap((complaint) => {
    const deadline = nearest(runningDeadlines(complaint))
    if (!deadline) return []
    const line: DigestLine & { assigneeId: number | null } = {
      complaintNo: complaint.complaintNo,
      projectName: complaint.projectName,
      state: complaint.state,
      deadline: deadline.kind,
      dueDate: deadline.dueDate,
      timeLeft: timeLeftText(today, deadline.dueDate, calendar),
      assigneeId: complaint.assigneeId,
    }
    return [line]
  })
  lines.sort((a, b) => a.dueDate.localeCompare(b.dueDate))
  const stamp = toShanghaiText(now)
  let count = 0
  for (const person of waiting) {
    const mine = lines.filter(
      (line) => person.isHead || line.assigneeId === person.id,
    )
    const message = digestMail(
      { name: person.name, email: person.email! },
      today,
      mine,
      person.isHead ? drafts : [],
      deps.baseUrl,
    )
    const isRecorded = await db.transaction().execute(async (trx) => {
      if (
        !(await recordDigest(trx, {
          accountId: person.id,
          day: today,
          sentAt: stamp,
        }))
      )
        return false
      await queueMail(trx, message, now)
      await systemAudit(trx, stamp, {
        action: 'staff.digest',
        target: person.name,
        detail: {
          remindedAccountId: person.id,
          complaints: mine.map((line) => line.complaintNo),
        },
      })
      return true
    })
    if (isRecorded) count += 1
  }
  if (count > 0) deps.wakeMailOutbox?.()
  return count
}
