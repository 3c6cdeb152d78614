import type { Kysely } from 'kysely'

import type { Database, SignedFileTable } from '#server/db/schema.ts'

type Db = Kysely<Database>

type NewSigningSession = {
  tokenHash: string
  fileId: string
  signType: string
  createdAt: string
  expiresAt: number
  holderName: string
  holderKind: string
  holderIdNumber: string
  returnPath: string | null
}

export function insertSigningSession(db: Db, row: NewSigningSession) {
  return db.insertInto('signingSession').values(row).execute()
}

export async function findSigningSession(db: Db, tokenHash: string) {
  const row = await db
    .selectFrom('signingSession')
    .innerJoin('file', 'file.id', 'signingSession.fileId')
    .select([
      'signingSession.tokenHash',
      'signingSession.fileId',
      'signingSession.signType',
      'signingSession.expiresAt',
      'signingSession.usedAt',
      'signingSession.signedFileId',
      'signingSession.holderName',
      'signingSession.holderKind',
      'signingSession.holderIdNumber',
      'signingSession.returnPath',
      'file.name as fileName',
      'file.mime as fileMime',
      'file.storageKey',
    ])
    .where('signingSession.tokenHash', '=', tokenHash)
    .executeTakeFirst()
  return row && { ...row, expiresAt: Number(row.expiresAt) }
}

// Takes the session for one signing; false when it is used, taken or expired (race-safe).
export async function claimSigningSession(
  db: Db,
  tokenHash: string,
  nowMs: number,
  usedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('signingSession')
    .set({ usedAt })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', nowMs)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

// Gives a claimed session back after a signing that failed, so the signer can try again.
export async function releaseSigningSession(db: Db, tokenHash: string) {
  await db
    .updateTable('signingSession')
    .set({ usedAt: null })
    .where('tokenHash', '=', tokenHash)
    .where('signedFileId', 'is', null)
    .execute()
}

type NewSignedFile = Omit<SignedFileTable, 'id'>

export async function recordSignedFile(
  db: Db,
  row: NewSignedFile,
  tokenHash?: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('signedFile').values(row).execute()
    if (tokenHash)
      await trx
        .updateTable('signingSession')
        .set({ signedFileId: row.signedFileId })
        .where('tokenHash', '=', tokenHash)
        .execute()
  })
}

export async function deleteStaleSigningSessions(db: Db, beforeMs: number) {
  await db
    .deleteFrom('signingSession')
    .where('expiresAt', '<', beforeMs)
    .execute()
}

export function findSealedCopy(db: Db, originalFileId: string) {
  return db
    .selectFrom('signedFile')
    .innerJoin('file', 'file.id', 'signedFile.signedFileId')
    .select([
      'signedFile.originalFileId',
      'signedFile.signedFileId',
      'file.name as signedFileName',
      'signedFile.signerName',
      'signedFile.signerKind',
      'signedFile.signerIdNumber',
      'signedFile.provider',
      'signedFile.certificateSerial',
      'signedFile.certificateFingerprint',
      'signedFile.signedAt',
    ])
    .where('signedFile.originalFileId', '=', originalFileId)
    .orderBy('signedFile.signedAt', 'desc')
    .orderBy('signedFile.id', 'desc')
    .executeTakeFirst()
}

export async function findOriginalOfSealedCopy(
  db: Db,
  fileId: string,
): Promise<string | undefined> {
  const copy = await db
    .selectFrom('signedFile')
    .select('originalFileId')
    .where('signedFileId', '=', fileId)
    .executeTakeFirst()
  return copy?.originalFileId
}

export function findSealRecord(db: Db, signedFileId: string) {
  return db
    .selectFrom('signedFile')
    .select(['signerName', 'signerIdNumber'])
    .where('signedFileId', '=', signedFileId)
    .executeTakeFirst()
}

export async function findOriginalsOfSealedCopies(
  db: Db,
  fileIds: string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('signedFile')
    .select('originalFileId')
    .where('signedFileId', 'in', fileIds)
    .execute()
  return rows.map((row) => row.originalFileId)
}
