import { type Kysely } from 'kysely'

import { type Database } from '#server/db/schema.ts'
import {
  findOriginalOfSealedCopy,
  findSealedCopy,
  isSealedBy,
} from './signing-repository.ts'

export type SealCheck = {
  /** The file that was sealed (the generated letter). */
  originalFileId: string
  /** The sealed copy: the one named, or else the newest copy of the original; none yet. */
  sealedFileId: string | undefined
  /** Whether that copy carries the seal of the named signer. */
  isSealedBySigner: boolean
}

/**
 * What the signing area knows of a letter another area takes in sealed (spec §1: a complaint
 * form sealed by the complainant). `fileId` is either the original or a sealed copy, as a
 * browser may send either after /ca/sign/file.
 */
export async function checkSeal(
  db: Kysely<Database>,
  fileId: string,
  signerName: string,
): Promise<SealCheck> {
  const original = await findOriginalOfSealedCopy(db, fileId)
  const sealedFileId = original
    ? fileId
    : (await findSealedCopy(db, fileId))?.signedFileId
  return {
    originalFileId: original ?? fileId,
    sealedFileId,
    isSealedBySigner:
      sealedFileId !== undefined &&
      (await isSealedBy(db, sealedFileId, signerName)),
  }
}
