import type { Kysely, Transaction } from 'kysely'

import type { Database, NewComplaintReceipt } from '#server/db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

/** What the complainant sees of an issued document: its kind, its file and their receipt. */
const ISSUED_DOCUMENT = [
  'd.kind',
  'd.issuedAt',
  'd.isSealed',
  'd.needsReceipt',
  'f.id as fileId',
  'f.name as fileName',
  'r.signedAt',
] as const

/** The file of the 投诉书 a complaint was filed with (its sealed copy), if it is stored. */
export function findFiledLetter(db: Db, formFileId: string) {
  return db
    .selectFrom('file')
    .select(['id', 'name'])
    .where('id', '=', formFileId)
    .executeTakeFirst()
}

/** The timeline, oldest first. */
export function findComplaintEvents(db: Db, complaintId: number) {
  return db
    .selectFrom('complaintEvent')
    .selectAll()
    .where('complaintId', '=', complaintId)
    .orderBy('id')
    .execute()
}

/** The documents issued, with their file and the complainant's receipt if signed. */
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

/** The files sent with answers to requests for material; refId names the request. */
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

/** The transcripts the department made visible to the complainant. */
export function findVisibleTranscripts(db: Db, complaintId: number) {
  return db
    .selectFrom('complaintTranscript')
    .select(['id', 'title', 'occurredAt'])
    .where('complaintId', '=', complaintId)
    .where('isVisibleToComplainant', '=', 1)
    .orderBy('id')
    .execute()
}

/** One document of the complaint, for a receipt. */
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

/** Records the receipt of a document; false when it was signed for already. */
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

/** One visible transcript with its document (file, receipt), if the department issued one. */
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
