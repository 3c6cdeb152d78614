import { createHash, randomBytes } from 'node:crypto'

import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { insertFile } from './file-repository.ts'
import type { FileStorage } from './file-storage.ts'

export type SavedFile = {
  id: string
  name: string
  mime: string
  size: number
  sha256: string
}

// A random id, so that file urls cannot be enumerated.
export async function saveFile(
  db: Kysely<Database>,
  storage: FileStorage,
  file: { name: string; mime: string; bytes: Uint8Array },
  now: Date = new Date(),
): Promise<SavedFile> {
  const id = randomBytes(12).toString('base64url')
  const sha256 = createHash('sha256').update(file.bytes).digest('hex')
  const stamp = toShanghaiText(now)
  const storageKey = `${stamp.slice(0, 4)}/${stamp.slice(5, 7)}/${id}`
  await storage.put(storageKey, file.bytes, file.mime)
  const saved = {
    id,
    name: file.name,
    mime: file.mime,
    size: file.bytes.byteLength,
    sha256,
  }
  await insertFile(db, { ...saved, storageKey, createdAt: stamp })
  return saved
}
