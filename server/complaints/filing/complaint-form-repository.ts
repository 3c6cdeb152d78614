import type { Kysely } from 'kysely'

import { COMPLAINT_PROJECT_CATEGORY } from '#common/constants/statute.ts'
import type { Database, NewComplaintForm } from '#server/db/schema.ts'

type Db = Kysely<Database>

export async function insertComplaintForm(
  db: Db,
  row: NewComplaintForm,
): Promise<void> {
  await db.insertInto('complaintForm').values(row).execute()
}

export function findComplaintForm(db: Db, fileId: string) {
  return db
    .selectFrom('complaintForm')
    .selectAll()
    .where('fileId', '=', fileId)
    .executeTakeFirst()
}

export async function findFileNames(
  db: Db,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('file')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute()
  return new Map(rows.map((row) => [row.id, row.name]))
}

export function findTenderProject(db: Db, id: string) {
  if (!/^\d{1,9}$/.test(id)) return Promise.resolve(undefined)
  return db
    .selectFrom('project')
    .select(['id', 'name', 'code'])
    .where('id', '=', Number(id))
    .where('category', '=', COMPLAINT_PROJECT_CATEGORY)
    .executeTakeFirst()
}
