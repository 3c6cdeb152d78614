import type { Kysely } from 'kysely'

import type { SealHolder } from '#common/schemas/signing.ts'
import type { Database } from '#server/db/schema.ts'
import { holderDifferences, type HolderPart } from './seal-holder.ts'
import {
  findOriginalOfSealedCopy,
  findSealedCopy,
  findSealRecord,
} from './signing-repository.ts'

export type SealCheck = {
  originalFileId: string
  // The one named, or else the newest copy of the original.
  sealedFileId: string | undefined
  sealedBy: { name: string; idNumber: string | null } | undefined
}

// spec §1: the complainant seals the form. A browser may send the original or a sealed copy after
// /ca/sign/file; a letter sealed again (重新签章) is judged by its last seal.
export async function checkSeal(
  db: Kysely<Database>,
  fileId: string,
): Promise<SealCheck> {
  const original = await findOriginalOfSealedCopy(db, fileId)
  const originalFileId = original ?? fileId
  const newest = await findSealedCopy(db, originalFileId)
  const sealedFileId = original ? fileId : newest?.signedFileId
  const copy =
    sealedFileId === newest?.signedFileId
      ? newest
      : await findSealRecord(db, fileId)
  return {
    originalFileId,
    sealedFileId,
    sealedBy: copy
      ? { name: copy.signerName, idNumber: copy.signerIdNumber }
      : undefined,
  }
}

export function sealDifferences(
  check: SealCheck,
  holder: SealHolder,
): HolderPart[] | 'unsealed' {
  if (!check.sealedBy) return 'unsealed'
  return holderDifferences(holder, check.sealedBy)
}
