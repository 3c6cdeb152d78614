import type { Kysely, Transaction } from 'kysely'

import type { Database, NewComplaintReceipt } from '#server/db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

const ISSUED_DOCUMENT = [
  'd.kind',
  'd.issuedAt',
  'd.isSealed',
  'd.needsReceipt',
  'f.id as fileId',
  'f.name as fileName',
  'r.signedAt',
] as const

export function findFiledLetter(db: Db, formFileId: string) {
  return db
    .selectFrom('file')
    .select(['id', 'name'])
    .where('id', '=', formFileId)
    .executeTakeFirst()
}

export function findComplaintEvents(db: Db, complaintId: number) {
  return db
    .selectFrom('complaintEvent')
    .selectAll()
    .where('complaintId', '=', complaintId)
    .orderBy('id')
    .execute()
}

export function findComplaintDocuments(db: Db, complaintId: number) {
  return db
    .selectFrom('complaintDocument as d')
    .innerJoin('file as f', 'f.id', 'd.fileId')
    .leftJoin('complaintReceipt as r', 'r.documentId', 'd.id')
    .select(['d.id', ...ISSUED_DOCUMENT])
    .where('d.complaintId', '=', complaintId)
    .orderBy('d.id')
    .execute()
}

export function findMaterialRequests(db: Db, complaintId: number) {
  return db
    .selectFrom('complaintMaterialRequest')
    .selectAll()
    .where('complaintId', '=', complaintId)
    .orderBy('id')
    .execute()
}

export function findMaterialAnswerFiles(db: Db, complaintId: number) {
  return db
    .selectFrom('complaintFile as cf')
    .innerJoin('file as f', 'f.id', 'cf.fileId')
    .select(['cf.refId', 'f.id', 'f.name'])
    .where('cf.complaintId', '=', complaintId)
    .where('cf.purpose', '=', 'material')
    .orderBy('cf.sort')
    .execute()
}

export function findVisibleTranscripts(db: Db, complaintId: number) {
  return db
    .selectFrom('complaintTranscript')
    .select(['id', 'title', 'occurredAt'])
    .where('complaintId', '=', complaintId)
    .where('isVisibleToComplainant', '=', 1)
    .orderBy('id')
    .execute()
}

export function findComplaintDocument(
  db: Db,
  complaintId: number,
  documentId: number,
) {
  return db
    .selectFrom('complaintDocument')
    .select(['id', 'kind', 'needsReceipt'])
    .where('id', '=', documentId)
    .where('complaintId', '=', complaintId)
    .executeTakeFirst()
}

export async function insertDocumentReceipt(
  db: Db,
  row: NewComplaintReceipt,
): Promise<boolean> {
  const inserted = await db
    .insertInto('complaintReceipt')
    .values(row)
    .onConflict((oc) => oc.column('documentId').doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1
}

export function findVisibleTranscript(
  db: Db,
  complaintId: number,
  transcriptId: number,
) {
  return db
    .selectFrom('complaintTranscript as t')
    .leftJoin('complaintDocument as d', 'd.id', 't.documentId')
    .leftJoin('file as f', 'f.id', 'd.fileId')
    .leftJoin('complaintReceipt as r', 'r.documentId', 'd.id')
    .select([
      't.id',
      't.title',
      't.place',
      't.interviewee',
      't.interviewer',
      't.occurredAt',
      't.content',
      'd.id as documentId',
      ...ISSUED_DOCUMENT,
    ])
    .where('t.id', '=', transcriptId)
    .where('t.complaintId', '=', complaintId)
    .where('t.isVisibleToComplainant', '=', 1)
    .executeTakeFirst()
}
