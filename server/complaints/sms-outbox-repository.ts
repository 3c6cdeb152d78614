import type { Kysely, Transaction } from 'kysely'

import type { Database, NewSmsOutboxMessage } from '#server/db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

export async function insertSmsOutboxMessage(
  db: Db,
  row: NewSmsOutboxMessage,
): Promise<void> {
  await db.insertInto('smsOutbox').values(row).execute()
}

export function findDueSmsOutboxMessages(db: Db, time: string, limit: number) {
  return db
    .selectFrom('smsOutbox')
    .select(['id', 'phone', 'purpose', 'text', 'attempts', 'createdAt'])
    .where('state', '=', 'pending')
    .where('nextAttemptAt', '<=', time)
    .where((eb) =>
      eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', time)]),
    )
    .orderBy('nextAttemptAt')
    .orderBy('id')
    .limit(limit)
    .execute()
}

// One conditional update, so of two processes (or a process and its restarted self) only one gets
// it until the claim lapses.
export async function claimSmsOutboxMessage(
  db: Db,
  id: number,
  claim: { token: string; time: string; until: string },
): Promise<boolean> {
  const updated = await db
    .updateTable('smsOutbox')
    .set((eb) => ({
      claimToken: claim.token,
      claimedUntil: claim.until,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('nextAttemptAt', '<=', claim.time)
    .where((eb) =>
      eb.or([
        eb('claimedUntil', 'is', null),
        eb('claimedUntil', '<=', claim.time),
      ]),
    )
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1
}

// Nothing happens when the claim is no longer `token`'s.
export async function settleSmsOutboxMessage(
  db: Db,
  id: number,
  token: string,
  changes:
    | { state: 'sent'; sentAt: string; phone: string }
    | { state: 'failed'; lastError: string; phone: string }
    | { state: 'pending'; nextAttemptAt: string; lastError: string },
): Promise<boolean> {
  const closing = changes.state === 'pending' ? {} : { text: null }
  const updated = await db
    .updateTable('smsOutbox')
    .set({ ...changes, ...closing, claimToken: null, claimedUntil: null })
    .where('id', '=', id)
    .where('claimToken', '=', token)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1
}
