import { randomBytes } from 'node:crypto'

import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'

import { fromShanghaiText, toShanghaiText } from './publish-time.ts'

// The delivery both outboxes share (text messages in sms_outbox, mail in mail_outbox): a
// message written in the transaction of the change it tells of is claimed by one conditional
// update before it goes and settled after. At-least-once: a process killed after the provider
// accepted a message but before settling it leaves it claimed, and it goes again once the claim
// lapses. A message settled loses its text and its address is masked.

type OutboxTable = 'smsOutbox' | 'mailOutbox'

type DueRow = { id: number; attempts: number; createdAt: string }

export type OutboxRules<R extends DueRow> = {
  table: OutboxTable
  // Longer than one call to the provider may take.
  claimMs: number
  batch: number
  /** The first retry after this, doubled each time, at most `longestRetryMs` apart… */
  firstRetryMs: number
  longestRetryMs: number
  /** …until the message is this old; at once when `isPermanent` says so. */
  giveUpMs: number
  isPermanent?: (error: unknown) => boolean
  send(row: R): Promise<void>
  /** What a settled row keeps in place of its text and address. */
  closed(row: R): Record<string, unknown>
  errorText(error: unknown): string
  messages: { givenUp: string; retried: string }
  now?: () => Date
  log?: {
    warn(object: object, message: string): void
    error(object: object, message: string): void
  }
}

export async function deliverDue<R extends DueRow>(
  db: Kysely<Database>,
  rules: OutboxRules<R>,
): Promise<number> {
  // One query shape for both tables: they share the delivery columns.
  const table = rules.table as 'smsOutbox'
  const clock = rules.now ?? (() => new Date())
  const time = toShanghaiText(clock())
  const due = (await db
    .selectFrom(table)
    .selectAll()
    .where('state', '=', 'pending')
    .where('nextAttemptAt', '<=', time)
    .where((eb) =>
      eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', time)]),
    )
    .orderBy('nextAttemptAt')
    .orderBy('id')
    .limit(rules.batch)
    .execute()) as unknown as R[]
  let claimed = 0
  for (const row of due) {
    const now = clock()
    const at = toShanghaiText(now)
    const token = randomBytes(16).toString('hex')
    const claim = await db
      .updateTable(table)
      .set((eb) => ({
        claimToken: token,
        claimedUntil: toShanghaiText(new Date(now.getTime() + rules.claimMs)),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', row.id)
      .where('state', '=', 'pending')
      .where('nextAttemptAt', '<=', at)
      .where((eb) =>
        eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', at)]),
      )
      .executeTakeFirst()
    if (Number(claim.numUpdatedRows) !== 1) continue
    claimed += 1
    // Nothing happens when the claim is no longer this run's.
    const settle = (changes: Record<string, unknown>) =>
      db
        .updateTable(table)
        .set({ ...changes, claimToken: null, claimedUntil: null })
        .where('id', '=', row.id)
        .where('claimToken', '=', token)
        .execute()
    try {
      await rules.send(row)
    } catch (error) {
      const later = clock()
      const age = later.getTime() - fromShanghaiText(row.createdAt).getTime()
      const fields = { err: rules.errorText(error), outboxId: row.id }
      if (age >= rules.giveUpMs || rules.isPermanent?.(error)) {
        rules.log?.error(fields, rules.messages.givenUp)
        await settle({
          state: 'failed',
          lastError: rules.errorText(error),
          ...rules.closed(row),
        })
      } else {
        rules.log?.warn(fields, rules.messages.retried)
        const pause = Math.min(
          rules.firstRetryMs * 2 ** row.attempts,
          rules.longestRetryMs,
        )
        await settle({
          nextAttemptAt: toShanghaiText(new Date(later.getTime() + pause)),
          lastError: rules.errorText(error),
        })
      }
      continue
    }
    await settle({
      state: 'sent',
      sentAt: toShanghaiText(clock()),
      ...rules.closed(row),
    })
  }
  return claimed
}
