import { randomBytes } from 'node:crypto'

import type { Kysely, Transaction } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import {
  maskEmail,
  type MailMessage,
  MailRefusal,
  type MailSender,
} from './mail-sender.ts'
import { fromShanghaiText, toShanghaiText } from './publish-time.ts'
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

// Claimed by one conditional update before it goes, marked after: a mail goes once, unless the
// process dies between the server's acceptance and the mark (then again once the claim lapses).
export async function deliverDueMail(
  db: Kysely<Database>,
  deps: MailOutboxDeps,
): Promise<number> {
  const clock = deps.now ?? (() => new Date())
  const due = await db
    .selectFrom('mailOutbox')
    .selectAll()
    .where('state', '=', 'pending')
    .where('nextAttemptAt', '<=', toShanghaiText(clock()))
    .where((eb) =>
      eb.or([
        eb('claimedUntil', 'is', null),
        eb('claimedUntil', '<=', toShanghaiText(clock())),
      ]),
    )
    .orderBy('nextAttemptAt')
    .orderBy('id')
    .limit(BATCH)
    .execute()
  let claimed = 0
  for (const message of due) {
    const now = clock()
    const token = randomBytes(16).toString('hex')
    const claim = await db
      .updateTable('mailOutbox')
      .set((eb) => ({
        claimToken: token,
        claimedUntil: toShanghaiText(
          new Date(now.getTime() + MAIL_OUTBOX_LEASE_MS),
        ),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', message.id)
      .where('state', '=', 'pending')
      .where((eb) =>
        eb.or([
          eb('claimedUntil', 'is', null),
          eb('claimedUntil', '<=', toShanghaiText(now)),
        ]),
      )
      .executeTakeFirst()
    if (Number(claim.numUpdatedRows) !== 1) continue
    claimed += 1
    const settle = (changes: Record<string, unknown>) =>
      db
        .updateTable('mailOutbox')
        .set({ ...changes, claimToken: null, claimedUntil: null })
        .where('id', '=', message.id)
        .where('claimToken', '=', token)
        .execute()
    try {
      await deps.mail.send({
        to: message.toAddress,
        subject: message.subject,
        text: message.text ?? '',
        html: message.html ?? '',
        purpose: message.purpose,
      })
    } catch (error) {
      const age =
        clock().getTime() - fromShanghaiText(message.createdAt).getTime()
      const isOver =
        age >= MAIL_OUTBOX_GIVE_UP_MS ||
        (error instanceof MailRefusal && error.isPermanent)
      const fields = { err: errorText(error), mailOutboxId: message.id }
      if (isOver) {
        deps.log?.error(fields, 'mail given up')
        await settle({
          state: 'failed',
          lastError: errorText(error),
          toAddress: maskEmail(message.toAddress),
          text: null,
          html: null,
        })
      } else {
        deps.log?.warn(fields, 'mail not sent, retried later')
        const pause = Math.min(
          FIRST_RETRY_MS * 2 ** message.attempts,
          LONGEST_RETRY_MS,
        )
        await settle({
          nextAttemptAt: toShanghaiText(new Date(clock().getTime() + pause)),
          lastError: errorText(error),
        })
      }
      continue
    }
    await settle({
      state: 'sent',
      sentAt: toShanghaiText(clock()),
      toAddress: maskEmail(message.toAddress),
      text: null,
      html: null,
    })
  }
  return claimed
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
