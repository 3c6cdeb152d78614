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
  /** The file that was sealed (the generated letter). */
  originalFileId: string
  /** The sealed copy: the one named, or else the newest copy of the original; none yet. */
  sealedFileId: string | undefined
  /** Whom that copy's certificate names, when there is a copy. */
  sealedBy: { name: string; idNumber: string | null } | undefined
}

/**
 * What the signing area knows of a letter another area takes in sealed (spec §1: a complaint
 * form sealed by the complainant). `fileId` is either the original or a sealed copy, as a
 * browser may send either after /ca/sign/file; for the original, its newest sealed copy counts
 * (a letter sealed again, 重新签章, is judged by its last seal).
 */
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

/** Where a seal differs from the holder the letter names; none when it is the holder's. */
export function sealDifferences(
  check: SealCheck,
  holder: SealHolder,
): HolderPart[] | 'unsealed' {
  if (!check.sealedBy) return 'unsealed'
  return holderDifferences(holder, check.sealedBy)
}
