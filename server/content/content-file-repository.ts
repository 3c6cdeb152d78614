import type { Db } from './content-repository.ts'

export async function findFileFacts(db: Db, ids: string[]) {
  if (ids.length === 0) return []
  const rows = await db
    .selectFrom('file')
    .select(['id', 'name', 'mime', 'size'])
    .where('id', 'in', ids)
    .execute()
  return rows.map((row) => ({ ...row, size: Number(row.size) }))
}

export async function insertContentUploads(
  db: Db,
  rows: { fileId: string; accountId: number; uploadedAt: string }[],
): Promise<void> {
  if (rows.length > 0)
    await db.insertInto('contentUpload').values(rows).execute()
}

export async function contentUploadsAmong(
  db: Db,
  fileIds: string[],
): Promise<string[]> {
  if (fileIds.length === 0) return []
  const rows = await db
    .selectFrom('contentUpload')
    .select('fileId')
    .where('fileId', 'in', fileIds)
    .execute()
  return rows.map((row) => row.fileId)
}
