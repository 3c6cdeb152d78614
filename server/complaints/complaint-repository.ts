import type { Kysely, Transaction } from 'kysely'

import type {
  ComplaintRow,
  Database,
  NewComplaint,
  NewComplaintDocument,
  NewComplaintEvent,
  NewComplaintMaterialRequest,
  NewComplaintObjection,
  NewComplaintRespondent,
  NewComplaintTranscript,
} from '#server/db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

// One upsert: concurrent callers wait on the row lock (PostgreSQL) or the write lock (SQLite), so
// no two get the same value.
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

export async function insertComplaintRespondents(
  db: Db,
  rows: NewComplaintRespondent[],
): Promise<void> {
  await db.insertInto('complaintRespondent').values(rows).execute()
}

export async function insertComplaintObjection(
  db: Db,
  row: NewComplaintObjection,
): Promise<void> {
  await db.insertInto('complaintObjection').values(row).execute()
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

// A transcript only once it is made visible to the complainant.
export function findComplaintsOfFiles(db: Db, fileIds: string[]) {
  return db
    .selectFrom('complaintFile as cf')
    .innerJoin('complaint as c', 'c.id', 'cf.complaintId')
    .select(['cf.fileId', 'c.complaintNo'])
    .where('cf.fileId', 'in', fileIds)
    .unionAll(
      db
        .selectFrom('complaintDocument as d')
        .innerJoin('complaint as c', 'c.id', 'd.complaintId')
        .select(['d.fileId', 'c.complaintNo'])
        .where('d.fileId', 'in', fileIds)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('complaintTranscript as t')
                .select('t.id')
                .whereRef('t.documentId', '=', 'd.id')
                .where('t.isVisibleToComplainant', '=', 0),
            ),
          ),
        ),
    )
    .unionAll(
      db
        .selectFrom('complaint as c')
        .select(['c.formFileId as fileId', 'c.complaintNo'])
        .where('c.formFileId', 'in', fileIds),
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

export function findComplaintsWithRunningClocks(db: Db) {
  return db
    .selectFrom('complaint')
    .selectAll()
    .where('state', 'in', [
      'submitted',
      'received',
      'accepted',
      'withdrawal_requested',
    ])
    .where('closedAt', 'is', null)
    .orderBy('id')
    .execute()
}

export function findComplaintByFormFile(db: Db, formFileId: string) {
  return db
    .selectFrom('complaint')
    .select('id')
    .where('formFileId', '=', formFileId)
    .executeTakeFirst()
}

export async function countComplaints(db: Db): Promise<number> {
  const row = await db
    .selectFrom('complaint')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

// The period runs from submission whether or not staff signed for the complaint.
export function findComplaintsDueForAutoAcceptance(
  db: Db,
  time: string,
  limit: number,
) {
  return db
    .selectFrom('complaint')
    .select('complaintNo')
    .where('state', 'in', ['submitted', 'received'])
    .where('autoAcceptAt', '<=', time)
    .orderBy('autoAcceptAt')
    .limit(limit)
    .execute()
}

export function findComplaintRespondents(db: Db, complaintId: number) {
  return db
    .selectFrom('complaintRespondent')
    .select(['role', 'name', 'contact', 'address'])
    .where('complaintId', '=', complaintId)
    .orderBy('sort')
    .execute()
}

export async function updateComplaintIfUnchanged(
  db: Db,
  complaint: { id: number; version: number },
  changes: Partial<ComplaintRow>,
): Promise<boolean> {
  const updated = await db
    .updateTable('complaint')
    .set({ ...changes, version: complaint.version + 1 })
    .where('id', '=', complaint.id)
    .where('version', '=', complaint.version)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1
}

export async function updateComplaintWithEvent(
  db: Kysely<Database>,
  complaint: { id: number; version: number },
  changes: Partial<ComplaintRow>,
  event: Omit<NewComplaintEvent, 'complaintId'>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await updateComplaintIfUnchanged(trx, complaint, changes)))
      return false
    await insertComplaintEvent(trx, { ...event, complaintId: complaint.id })
    return true
  })
}

export async function insertComplaintDocument(
  db: Db,
  row: NewComplaintDocument,
): Promise<number> {
  const inserted = await db
    .insertInto('complaintDocument')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(inserted.id)
}

export async function insertMaterialRequest(
  db: Db,
  row: NewComplaintMaterialRequest,
): Promise<void> {
  await db.insertInto('complaintMaterialRequest').values(row).execute()
}

export async function updateMaterialRequestAnswer(
  db: Db,
  complaintId: number,
  requestId: number,
  answer: { answeredAt: string; answerText: string },
): Promise<boolean> {
  const answered = await db
    .updateTable('complaintMaterialRequest')
    .set(answer)
    .where('id', '=', requestId)
    .where('complaintId', '=', complaintId)
    .where('answeredAt', 'is', null)
    .executeTakeFirst()
  return Number(answered.numUpdatedRows) === 1
}

export function findOpenMaterialRequest(db: Db, complaintId: number) {
  return db
    .selectFrom('complaintMaterialRequest')
    .select('id')
    .where('complaintId', '=', complaintId)
    .where('answeredAt', 'is', null)
    .executeTakeFirst()
}

export async function clearComplaintMaterialRequest(
  db: Db,
  complaintId: number,
  clock: Partial<ComplaintRow> = {},
): Promise<void> {
  await db
    .updateTable('complaint')
    .set({ ...clock, isMaterialRequested: 0 })
    .where('id', '=', complaintId)
    .execute()
}

export async function insertComplaintTranscript(
  db: Db,
  row: NewComplaintTranscript,
): Promise<void> {
  await db.insertInto('complaintTranscript').values(row).execute()
}

/** Complaints whose acceptance clock a 补正 request stops, with the last open request's due date. */
export function findStoppedAcceptanceClocks(db: Db) {
  return db
    .selectFrom('complaint')
    .selectAll('complaint')
    .select((eb) =>
      eb
        .selectFrom('complaintMaterialRequest')
        .select((r) => r.fn.max('complaintMaterialRequest.dueDate').as('d'))
        .whereRef('complaintMaterialRequest.complaintId', '=', 'complaint.id')
        .where('complaintMaterialRequest.answeredAt', 'is', null)
        .as('lastMaterialDueDate'),
    )
    .where('complaint.acceptanceStoppedAt', 'is not', null)
    .where('complaint.closedAt', 'is', null)
    .orderBy('complaint.id')
    .execute()
}

/** The 回执 issued at filing, with what the complaint was filed with; undefined: none yet. */
export function findFilingReceipt(db: Db, complaintId: number) {
  return db
    .selectFrom('complaintDocument as d')
    .innerJoin('file as f', 'f.id', 'd.fileId')
    .select(['f.id as fileId', 'f.name as fileName'])
    .where('d.complaintId', '=', complaintId)
    .where('d.kind', '=', 'receipt_notice')
    .executeTakeFirst()
}

/** Whether the complaint was filed online through the portal (not imported or seeded). */
export async function isFiledOnline(
  db: Db,
  complaintId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('complaintSubmission')
    .select('complaintId')
    .where('complaintId', '=', complaintId)
    .executeTakeFirst()
  return row !== undefined
}
