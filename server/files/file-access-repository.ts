import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'

export function insertFileUpload(
  db: Kysely<Database>,
  row: { fileId: string; keyHash: string; uploadedAt: number },
) {
  return db
    .insertInto('fileUpload')
    .values(row)
    .onConflict((oc) => oc.column('fileId').doNothing())
    .execute()
}

export async function hasRecentUpload(
  db: Kysely<Database>,
  keyHash: string,
  fileIds: string[],
  since: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('fileUpload')
    .select('fileId')
    .where('fileId', 'in', fileIds)
    .where('keyHash', '=', keyHash)
    .where('uploadedAt', '>=', since)
    .executeTakeFirst()
  return row !== undefined
}

export function findFileUploads(db: Kysely<Database>, fileIds: string[]) {
  return db
    .selectFrom('fileUpload')
    .select(['fileId', 'keyHash'])
    .where('fileId', 'in', fileIds)
    .execute()
}

export function upsertComplaintFileGrant(
  db: Kysely<Database>,
  row: { keyHash: string; complaintNo: string; expiresAt: number },
) {
  return db
    .insertInto('complaintFileGrant')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['keyHash', 'complaintNo'])
        .doUpdateSet({ expiresAt: row.expiresAt }),
    )
    .execute()
}

export function deleteExpiredComplaintFileGrants(
  db: Kysely<Database>,
  now: number,
) {
  return db
    .deleteFrom('complaintFileGrant')
    .where('expiresAt', '<=', now)
    .execute()
}

export async function hasComplaintFileGrant(
  db: Kysely<Database>,
  keyHash: string,
  complaintNos: string[],
  now: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('complaintFileGrant')
    .select('complaintNo')
    .where('keyHash', '=', keyHash)
    .where('complaintNo', 'in', complaintNos)
    .where('expiresAt', '>', now)
    .executeTakeFirst()
  return row !== undefined
}
