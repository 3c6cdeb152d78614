import { type Kysely, type Transaction } from 'kysely'

import {
  type ComplaintRow,
  type Database,
  type NewComplaint,
  type NewComplaintEvent,
} from '#server/db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

/**
 * The next number of the day's sequence, atomically on both engines: one upsert that either
 * creates the day's row or increments it and returns the new value. Concurrent callers wait on
 * the row lock (PostgreSQL) or the write lock (SQLite), so no two get the same value.
 */
export async function nextDailySequence(db: Db, day: string): Promise<number> {
  const row = await db
    .insertInto('complaintDailySequence')
    .values({ day, lastValue: 1 })
    .onConflict((oc) =>
      oc.column('day').doUpdateSet((eb) => ({
        lastValue: eb('complaintDailySequence.lastValue', '+', 1),
      })),
    )
    .returning('lastValue')
    .executeTakeFirstOrThrow()
  return Number(row.lastValue)
}

export async function insertComplaint(
  db: Db,
  row: NewComplaint,
): Promise<number> {
  const inserted = await db
    .insertInto('complaint')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(inserted.id)
}

export async function insertComplaintEvent(
  db: Db,
  event: NewComplaintEvent,
): Promise<number> {
  const inserted = await db
    .insertInto('complaintEvent')
    .values(event)
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(inserted.id)
}

/** The ids among `ids` that name stored files. */
export async function findExistingFileIds(
  db: Db,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .selectFrom('file')
    .select('id')
    .where('id', 'in', ids)
    .execute()
  return new Set(rows.map((row) => row.id))
}

export async function insertComplaintFiles(
  db: Db,
  complaintId: number,
  purpose: string,
  fileIds: string[],
  refId: number | null = null,
): Promise<void> {
  if (fileIds.length === 0) return
  await db
    .insertInto('complaintFile')
    .values(
      fileIds.map((fileId, sort) => ({
        complaintId,
        fileId,
        purpose,
        refId,
        sort,
      })),
    )
    .execute()
}

export function findComplaintByNo(db: Db, complaintNo: string) {
  return db
    .selectFrom('complaint')
    .selectAll()
    .where('complaintNo', '=', complaintNo)
    .executeTakeFirst()
}

export function findComplaintByQueryCodeHash(db: Db, hash: string) {
  return db
    .selectFrom('complaint')
    .selectAll()
    .where('queryCodeHash', '=', hash)
    .executeTakeFirst()
}

/** Complaints whose statutory clocks still run: signed for and not closed. */
export function findComplaintsWithRunningClocks(db: Db) {
  return db
    .selectFrom('complaint')
    .selectAll()
    .where('state', 'in', ['received', 'accepted', 'withdrawal_requested'])
    .where('closedAt', 'is', null)
    .orderBy('id')
    .execute()
}

/**
 * Updates the complaint with `changes` only if its version is still `version`, and appends
 * the event in the same transaction. False (nothing written) when someone changed it since.
 */
export async function updateComplaintWithEvent(
  db: Kysely<Database>,
  complaint: { id: number; version: number },
  changes: Partial<ComplaintRow>,
  event: Omit<NewComplaintEvent, 'complaintId'>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('complaint')
      .set({ ...changes, version: complaint.version + 1 })
      .where('id', '=', complaint.id)
      .where('version', '=', complaint.version)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== 1) return false
    await insertComplaintEvent(trx, { ...event, complaintId: complaint.id })
    return true
  })
}
