import type { Kysely, SelectQueryBuilder, Updateable } from 'kysely'

import type {
  FeedbackDetailQuery,
  PublishedComplaintQuery,
} from '#common/schemas/complaint/complaint-published.ts'
import type {
  ComplaintFeedbackTable,
  Database,
  NewComplaintFeedback,
} from '#server/db/schema.ts'
import { idBlock } from '#server/shared/id-blocks.ts'

type Db = Kysely<Database>

const onPage =
  ({ pageNo, pageSize }: { pageNo: number; pageSize: number }) =>
  <DB, TB extends keyof DB, O>(rows: SelectQueryBuilder<DB, TB, O>) =>
    rows.limit(pageSize).offset((pageNo - 1) * pageSize)

const summaryColumns = [
  'id',
  'complaintNo',
  'projectName',
  'complaintType',
  'complainantName',
  'conclusion',
  'decidedAt',
  'publishedAt',
] as const

export async function findPublishedComplaintRows(
  db: Db,
  query: PublishedComplaintQuery,
) {
  let base = db
    .selectFrom('complaint')
    .where('isPublished', '=', 1)
    .where('state', '=', 'decided')
  if (query.complaintType)
    base = base.where('complaintType', '=', query.complaintType)
  if (query.keyword) {
    const like = `%${query.keyword}%`
    base = base.where((eb) =>
      eb.or([eb('projectName', 'like', like), eb('complaintNo', 'like', like)]),
    )
  }
  const [rows, total] = await Promise.all([
    base
      .select(summaryColumns)
      .orderBy('publishedAt', 'desc')
      .orderBy('id', 'desc')
      .$call(onPage(query))
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(total.n) }
}

export function findPublishedComplaintRow(db: Db, id: number) {
  return db
    .selectFrom('complaint')
    .select([
      ...summaryColumns,
      'projectCode',
      'complainantRole',
      'submittedAt',
      'acceptedAt',
      'publicSummary',
    ])
    .where('id', '=', id)
    .where('isPublished', '=', 1)
    .where('state', '=', 'decided')
    .executeTakeFirst()
}

export function findPublicDecisionFile(db: Db, complaintId: number) {
  return db
    .selectFrom('complaintDocument as d')
    .innerJoin('file as f', 'f.id', 'd.publicFileId')
    .select(['f.id', 'f.name'])
    .where('d.complaintId', '=', complaintId)
    .where('d.kind', '=', 'decision')
    .orderBy('d.id', 'desc')
    .executeTakeFirst()
}

// The original of the same document is none of them.
export async function findPublishedDocumentFiles(
  db: Db,
  fileIds: string[],
): Promise<string[]> {
  if (fileIds.length === 0) return []
  const rows = await db
    .selectFrom('complaintDocument as d')
    .innerJoin('complaint as c', 'c.id', 'd.complaintId')
    .select('d.publicFileId')
    .where('d.publicFileId', 'in', fileIds)
    .where('c.isPublished', '=', 1)
    .where('c.state', '=', 'decided')
    .execute()
  return rows.flatMap((row) => (row.publicFileId ? [row.publicFileId] : []))
}

export function findPublishedComplaintId(db: Db, id: number) {
  return db
    .selectFrom('complaint')
    .select('id')
    .where('id', '=', id)
    .where('isPublished', '=', 1)
    .executeTakeFirst()
}

export async function insertFeedback(
  db: Db,
  row: NewComplaintFeedback,
): Promise<number> {
  const inserted = await db
    .insertInto('complaintFeedback')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(inserted.id)
}

const publicFeedbackFields = [
  'id',
  'complaintId',
  'title',
  'content',
  'name',
  'createdAt',
  'reply',
  'repliedAt',
] as const

export async function findPublicFeedbackRows(
  db: Db,
  query: FeedbackDetailQuery,
) {
  let base = db.selectFrom('complaintFeedback').where('isPublic', '=', 1)
  if (query.id !== undefined) base = base.where('id', '=', query.id)
  if (query.complaintId !== undefined)
    base = base.where('complaintId', '=', query.complaintId)
  const [rows, total] = await Promise.all([
    base
      .select(publicFeedbackFields)
      .orderBy('repliedAt', 'desc')
      .orderBy('id', 'desc')
      .$call(onPage(query))
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(total.n) }
}

export async function findFeedbackForStaff(
  db: Db,
  query: { pageNo: number; pageSize: number },
) {
  const [items, total] = await Promise.all([
    db
      .selectFrom('complaintFeedback')
      .selectAll()
      .orderBy('id', 'desc')
      .$call(onPage(query))
      .execute(),
    db
      .selectFrom('complaintFeedback')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { items, total: Number(total.n) }
}

export async function findFeedbackReplyState(db: Db, id: number) {
  return db
    .selectFrom('complaintFeedback')
    .select(['reply', 'isPublic', 'isPublicationRequested', 'replierId'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function updateFeedbackReply(
  db: Db,
  id: number,
  answer: Updateable<ComplaintFeedbackTable>,
): Promise<boolean> {
  const updated = await db
    .updateTable('complaintFeedback')
    .set(answer)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1
}

export async function findPublishedComplaintBlocks(db: Db, size: number) {
  const block = idBlock('id', size)
  const rows = await db
    .selectFrom('complaint')
    .where('isPublished', '=', 1)
    .where('state', '=', 'decided')
    .select((eb) => [block.as('block'), eb.fn.max('publishedAt').as('lastmod')])
    .groupBy(block)
    .orderBy('block')
    .execute()
  return rows.map((row) => ({ block: Number(row.block), lastmod: row.lastmod }))
}

export function findPublishedComplaintStamps(
  db: Db,
  range: { afterId: number; untilId: number; limit: number },
) {
  return db
    .selectFrom('complaint')
    .where('isPublished', '=', 1)
    .where('state', '=', 'decided')
    .where('id', '>', range.afterId)
    .where('id', '<=', range.untilId)
    .select(['id', 'publishedAt'])
    .orderBy('id')
    .limit(range.limit)
    .execute()
}
