import type { Kysely, Transaction } from 'kysely'

import type { Database, NewSmsOutboxMessage } from '#server/db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

export async function insertSmsOutboxMessage(
  db: Db,
  row: NewSmsOutboxMessage,
): Promise<void> {
  await db.insertInto('smsOutbox').values(row).execute()
}
