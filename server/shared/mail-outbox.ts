import type { Kysely, Selectable, Transaction } from 'kysely'

import type { Database, MailOutboxTable } from '#server/db/schema.ts'
import {
  maskEmail,
  type MailMessage,
  MailRefusal,
  type MailSender,
} from './mail-sender.ts'
import { deliverDue } from './outbox-delivery.ts'
import { toShanghaiText } from './publish-time.ts'
import { startWakeableJob } from './wakeable-job.ts'

// Longer than one SMTP conversation may take (mail-sender.ts: at most 30 s of silence).
const MAIL_OUTBOX_LEASE_MS = 2 * 60_000
/** Retrying after a failure: a minute, doubled each time, at most an hour apart… */
const FIRST_RETRY_MS = 60_000
const LONGEST_RETRY_MS = 60 * 60_000
/** …for a day: a reminder that late is no longer one. A 5xx refusal is given up at once. */
const MAIL_OUTBOX_GIVE_UP_MS = 24 * 60 * 60_000
const BATCH = 20
const MAX_PASSES_PER_RUN = 50

type Db = Kysely<Database> | Transaction<Database>

export type MailOutboxDeps = {
  mail: MailSender
  now?: () => Date
  log?: {
    warn(object: object, message: string): void
    error(object: object, message: string): void
  }
}

// In the transaction of the change it tells about: sent if and only if that change commits, and
// still there after a crash (as text messages are, server/complaints/sms-outbox.ts).
export async function queueMail(
  trx: Db,
  message: Omit<MailMessage, 'headers'>,
  now: Date,
): Promise<void> {
  const stamp = toShanghaiText(now)
  await trx
    .insertInto('mailOutbox')
    .values({
      purpose: message.purpose,
      toAddress: message.to,
      subject: message.subject.slice(0, 200),
      text: message.text,
      html: message.html,
      state: 'pending',
      nextAttemptAt: stamp,
      createdAt: stamp,
    })
    .execute()
}

const errorText = (error: unknown) =>
  maskEmail(error instanceof Error ? error.message : String(error)).slice(
    0,
    200,
  )

type MailRow = Selectable<MailOutboxTable>

// Through the delivery text messages use (outbox-delivery.ts); a mailbox the server refuses
// (5xx) is given up at once.
export function deliverDueMail(
  db: Kysely<Database>,
  deps: MailOutboxDeps,
): Promise<number> {
  return deliverDue<MailRow>(db, {
    table: 'mailOutbox',
    claimMs: MAIL_OUTBOX_LEASE_MS,
    batch: BATCH,
    firstRetryMs: FIRST_RETRY_MS,
    longestRetryMs: LONGEST_RETRY_MS,
    giveUpMs: MAIL_OUTBOX_GIVE_UP_MS,
    isPermanent: (error) => error instanceof MailRefusal && error.isPermanent,
    send: (row) =>
      deps.mail.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.text ?? '',
        html: row.html ?? '',
        purpose: row.purpose,
      }),
    closed: (row) => ({
      toAddress: maskEmail(row.toAddress),
      text: null,
      html: null,
    }),
    errorText,
    messages: {
      givenUp: 'mail given up',
      retried: 'mail not sent, retried later',
    },
    now: deps.now,
    log: deps.log,
  })
}

export type MailOutboxJob = {
  wake(): void
  settled(): Promise<void>
  stop(): Promise<void>
}

// Runs in one process never overlap; across processes the claim on each mail keeps them apart.
export function startMailOutboxJob(
  db: Kysely<Database>,
  deps: MailOutboxDeps & { log: NonNullable<MailOutboxDeps['log']> },
  intervalMs: number | null,
): MailOutboxJob {
  return startWakeableJob(async () => {
    try {
      for (let pass = 0; pass < MAX_PASSES_PER_RUN; pass++)
        if ((await deliverDueMail(db, deps)) < BATCH) break
    } catch (error) {
      deps.log.error({ err: error }, 'mail outbox not delivered')
    }
  }, intervalMs)
}
