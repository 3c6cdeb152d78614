import { randomBytes } from 'node:crypto'

import type { Kysely, Transaction } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import {
  fromShanghaiText,
  toShanghaiText,
} from '#server/shared/publish-time.ts'
import {
  maskPhone,
  type SmsMessage,
  type SmsSender,
} from '#server/shared/sms-sender.ts'
import {
  claimSmsOutboxMessage,
  findDueSmsOutboxMessages,
  insertSmsOutboxMessage,
  settleSmsOutboxMessage,
} from './sms-outbox-repository.ts'

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

// A sent message loses its text and its number is masked: the row keeps what was sent to whom and
// when, not what it said. At-least-once: a process killed after the provider accepted a message but
// before marking it sent leaves it claimed, and it is sent again once the claim lapses.
export async function deliverDueSms(
  db: Kysely<Database>,
  deps: SmsOutboxDeps,
): Promise<number> {
  const clock = deps.now ?? (() => new Date())
  const leaseMs = deps.leaseMs ?? SMS_OUTBOX_LEASE_MS
  const due = await findDueSmsOutboxMessages(
    db,
    toShanghaiText(clock()),
    SMS_OUTBOX_BATCH,
  )
  let claimed = 0
  for (const message of due) {
    const now = clock()
    const token = randomBytes(16).toString('hex')
    const isClaimed = await claimSmsOutboxMessage(db, message.id, {
      token,
      time: toShanghaiText(now),
      until: toShanghaiText(new Date(now.getTime() + leaseMs)),
    })
    if (!isClaimed) continue
    claimed += 1
    try {
      // A message given up or sent has no text; a pending one always has.
      await deps.sms.send({
        phone: message.phone,
        purpose: message.purpose,
        text: message.text ?? '',
      })
    } catch (error) {
      await retryLater(db, deps, message, token, error)
      continue
    }
    await settleSmsOutboxMessage(db, message.id, token, {
      state: 'sent',
      sentAt: toShanghaiText(clock()),
      phone: maskPhone(message.phone),
    })
  }
  return claimed
}

async function retryLater(
  db: Kysely<Database>,
  deps: SmsOutboxDeps,
  message: { id: number; phone: string; attempts: number; createdAt: string },
  token: string,
  error: unknown,
) {
  const now = (deps.now ?? (() => new Date()))()
  const age = now.getTime() - fromShanghaiText(message.createdAt).getTime()
  const fields = { err: error, smsOutboxId: message.id }
  if (age >= SMS_OUTBOX_GIVE_UP_MS) {
    deps.log?.error(fields, 'text message given up after a day of retrying')
    await settleSmsOutboxMessage(db, message.id, token, {
      state: 'failed',
      lastError: errorText(error),
      phone: maskPhone(message.phone),
    })
    return
  }
  const pause = Math.min(
    FIRST_RETRY_MS * 2 ** message.attempts,
    LONGEST_RETRY_MS,
  )
  deps.log?.warn(fields, 'text message not sent, retried later')
  await settleSmsOutboxMessage(db, message.id, token, {
    state: 'pending',
    nextAttemptAt: toShanghaiText(new Date(now.getTime() + pause)),
    lastError: errorText(error),
  })
}
