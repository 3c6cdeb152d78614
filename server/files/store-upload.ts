import type { Kysely } from 'kysely'

import type { FileRecord } from '#common/schemas/file-record.ts'
import type { UploadFileType } from '#common/upload-file-types.ts'
import type { Database } from '#server/db/schema.ts'
import { toFileRecord } from './file-record.ts'
import type { FileStorage } from './file-storage.ts'
import { checkUpload } from './upload-policy.ts'
import type { ReceivedFile } from './upload-reader.ts'
import { type SavedFile, saveFile } from './save-file.ts'

export type StoredUpload =
  { ok: true; record: FileRecord; file: SavedFile } | { ok: false; msg: string }

export async function storeUpload(
  db: Kysely<Database>,
  storage: FileStorage,
  file: ReceivedFile,
  types?: readonly UploadFileType[],
): Promise<StoredUpload> {
  const check = await checkUpload(file, types)
  if (!check.ok) return check
  const saved = await saveFile(db, storage, {
    name: check.name,
    mime: check.mime,
    bytes: file.bytes,
  })
  return { ok: true, record: toFileRecord(saved), file: saved }
}
