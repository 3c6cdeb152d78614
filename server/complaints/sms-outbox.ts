import type { Kysely, Selectable, Transaction } from 'kysely'

import type { Database, SmsOutboxTable } from '#server/db/schema.ts'
import { deliverDue } from '#server/shared/outbox-delivery.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import {
  maskPhone,
  type SmsMessage,
  type SmsSender,
} from '#server/shared/sms-sender.ts'
import { insertSmsOutboxMessage } from './sms-outbox-repository.ts'

// Must outlast one call to the provider: a claim that lapses while the provider is still answering
// lets another process send again.
export const SMS_OUTBOX_LEASE_MS = 60_000
/** Retrying after a failure: 30 s, doubled each time, at most an hour apart… */
const FIRST_RETRY_MS = 30_000
const LONGEST_RETRY_MS = 60 * 60_000
/** …and no more once the message is a day old: a notice that late is no longer news. */
export const SMS_OUTBOX_GIVE_UP_MS = 24 * 60 * 60_000
export const SMS_OUTBOX_BATCH = 20

export type SmsOutboxDeps = {
  sms: SmsSender
  now?: () => Date
  leaseMs?: number
  log?: {
    warn(object: object, message: string): void
    error(object: object, message: string): void
  }
}

// In the transaction of the change it tells about: sent if and only if that change is committed,
// and still there after a crash.
export async function queueSms(
  trx: Transaction<Database>,
  message: SmsMessage & { complaintId: number | null },
  now: Date,
): Promise<void> {
  const stamp = toShanghaiText(now)
  await insertSmsOutboxMessage(trx, {
    complaintId: message.complaintId,
    purpose: message.purpose,
    phone: message.phone,
    text: message.text,
    state: 'pending',
    nextAttemptAt: stamp,
    createdAt: stamp,
  })
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 200)

type SmsRow = Selectable<SmsOutboxTable>

// A sent message loses its text and its number is masked: the row keeps what was sent to whom and
// when, not what it said (server/shared/outbox-delivery.ts).
export function deliverDueSms(
  db: Kysely<Database>,
  deps: SmsOutboxDeps,
): Promise<number> {
  return deliverDue<SmsRow>(db, {
    table: 'smsOutbox',
    claimMs: deps.leaseMs ?? SMS_OUTBOX_LEASE_MS,
    batch: SMS_OUTBOX_BATCH,
    firstRetryMs: FIRST_RETRY_MS,
    longestRetryMs: LONGEST_RETRY_MS,
    giveUpMs: SMS_OUTBOX_GIVE_UP_MS,
    // A message given up or sent has no text; a pending one always has.
    send: (row) =>
      deps.sms.send({
        phone: row.phone,
        purpose: row.purpose,
        text: row.text ?? '',
      }),
    closed: (row) => ({ text: null, phone: maskPhone(row.phone) }),
    errorText,
    messages: {
      givenUp: 'text message given up after a day of retrying',
      retried: 'text message not sent, retried later',
    },
    now: deps.now,
    log: deps.log,
  })
}
