import type { Kysely } from 'kysely'

import type { Database, NewCreditRecord } from '#server/db/schema.ts'
import {
  indexSearchDocuments,
  removeSearchDocuments,
} from '#server/search/search-index.ts'

import {
  findCreditRecord,
  insertCreditRecords,
  updateCreditRecord,
} from './credit-repository.ts'
import { creditSearchDocument } from './credit-search-source.ts'

// Pass a transaction: the row and its search entry change together.

export type CreditRow = NewCreditRecord & {
  creditCode: string | null
  documentNumber: string
  restrictionEndDate: string | null
}

const indexed = (id: number, row: CreditRow) =>
  creditSearchDocument({ ...row, id })

export async function publishCreditRecord(
  db: Kysely<Database>,
  {
    id,
    row,
    isFirstPublication,
  }: { id: number | null; row: CreditRow; isFirstPublication: boolean },
): Promise<number> {
  if (id === null) {
    const [inserted] = await insertCreditRecords(db, [row])
    await indexSearchDocuments(db, [indexed(inserted!, row)])
    return inserted!
  }
  const { publishTime, createdAt: _created, ...changes } = row
  await updateCreditRecord(db, id, {
    ...changes,
    ...(isFirstPublication ? { publishTime } : {}),
    withdrawnAt: null,
    withdrawalReason: null,
  })
  // Indexed as stored: a later revision keeps the first publication's time.
  const stored = await findCreditRecord(db, id)
  if (stored) await indexSearchDocuments(db, [creditSearchDocument(stored)])
  return id
}

export async function withdrawCreditRecord(
  db: Kysely<Database>,
  id: number,
  withdrawal: { at: string; reason: string },
): Promise<void> {
  await updateCreditRecord(db, id, {
    withdrawnAt: withdrawal.at,
    withdrawalReason: withdrawal.reason,
  })
  await removeSearchDocuments(db, [{ type: 'credit', refId: id }])
}

export async function publishCreditRecords(
  db: Kysely<Database>,
  rows: CreditRow[],
): Promise<number[]> {
  const ids = await insertCreditRecords(db, rows)
  await indexSearchDocuments(
    db,
    rows.map((row, i) => indexed(ids[i]!, row)),
  )
  return ids
}
