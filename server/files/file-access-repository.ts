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

/** Whether the browser of `keyHash` uploaded one of `fileIds` at or after `since` (epoch ms). */
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

/** Who uploaded each of `fileIds` that a visitor uploaded, at any time. */
export function findFileUploads(db: Kysely<Database>, fileIds: string[]) {
  return db
    .selectFrom('fileUpload')
    .select(['fileId', 'keyHash'])
    .where('fileId', 'in', fileIds)
    .execute()
}

/** Opens (or reopens) a complaint's files to a browser until `expiresAt`. */
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

/** Whether the browser of `keyHash` holds an unexpired grant on one of `complaintNos`. */
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
