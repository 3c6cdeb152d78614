import type { Kysely } from 'kysely'

import type { Database, NewFile } from '#server/db/schema.ts'

export function findFileById(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('file')
    .select(['id', 'name', 'mime', 'size', 'storageKey', 'sha256'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function insertFile(
  db: Kysely<Database>,
  row: NewFile,
): Promise<void> {
  await db.insertInto('file').values(row).execute()
}
