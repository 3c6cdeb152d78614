import type { Insertable, Kysely, Transaction, Updateable } from 'kysely'

import type { RevisionState } from '#common/constants/content.ts'
import type {
  ContentItemTable,
  ContentReviewTable,
  ContentRevisionTable,
  Database,
  NewContentItem,
  NewContentRevision,
} from '#server/db/schema.ts'

export type Db = Kysely<Database> | Transaction<Database>

export async function insertItem(db: Db, row: NewContentItem): Promise<number> {
  const { id } = await db
    .insertInto('contentItem')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

export async function insertItems(
  db: Db,
  rows: NewContentItem[],
): Promise<number[]> {
  if (rows.length === 0) return []
  const inserted = await db
    .insertInto('contentItem')
    .values(rows)
    .returning('id')
    .execute()
  // Ids are drawn in the order of the VALUES list; RETURNING's own order is not promised.
  return inserted.map((row) => row.id).sort((a, b) => a - b)
}

export async function insertRevisions(
  db: Db,
  rows: NewContentRevision[],
): Promise<number[]> {
  if (rows.length === 0) return []
  const inserted = await db
    .insertInto('contentRevision')
    .values(rows)
    .returning('id')
    .execute()
  return inserted.map((row) => row.id)
}

export async function insertReviews(
  db: Db,
  reviews: Insertable<ContentReviewTable>[],
): Promise<void> {
  if (reviews.length > 0)
    await db.insertInto('contentReview').values(reviews).execute()
}

export async function findClaimHolder(
  db: Db,
  kind: string,
  key: string,
  exceptItemId: number | null,
): Promise<number | null> {
  let query = db
    .selectFrom('contentItem')
    .select('id')
    .where('kind', '=', kind)
    .where('uniqueKey', '=', key)
  if (exceptItemId !== null) query = query.where('id', '!=', exceptItemId)
  const row = await query.executeTakeFirst()
  return row?.id ?? null
}

export async function findClaimHolders(
  db: Db,
  kind: string,
  keys: string[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map()
  const rows = await db
    .selectFrom('contentItem')
    .select(['id', 'uniqueKey'])
    .where('kind', '=', kind)
    .where('uniqueKey', 'in', keys)
    .execute()
  return new Map(rows.map((row) => [row.uniqueKey!, row.id]))
}

export async function findItemsOfPublicIds(
  db: Db,
  kind: string,
  publicIds: number[],
): Promise<Map<number, number>> {
  if (publicIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('contentItem')
    .select(['id', 'publicId'])
    .where('kind', '=', kind)
    .where('publicId', 'in', publicIds)
    .execute()
  return new Map(rows.map((row) => [row.publicId!, row.id]))
}

export const findItem = (db: Db, id: number) =>
  db
    .selectFrom('contentItem')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()

export const findRevision = (db: Db, itemId: number, revisionNo: number) =>
  db
    .selectFrom('contentRevision')
    .selectAll()
    .where('itemId', '=', itemId)
    .where('revisionNo', '=', revisionNo)
    .executeTakeFirst()

function revisionsWithNames(db: Db) {
  return db
    .selectFrom('contentRevision as r')
    .innerJoin('staffAccount as author', 'author.id', 'r.authorId')
    .leftJoin('staffAccount as reviewer', 'reviewer.id', 'r.reviewerId')
    .leftJoin('staffAccount as publisher', 'publisher.id', 'r.publisherId')
    .selectAll('r')
    .select([
      'author.displayName as authorName',
      'reviewer.displayName as reviewerName',
      'publisher.displayName as publisherName',
    ])
}
export type NamedRevisionRow = Awaited<
  ReturnType<ReturnType<typeof revisionsWithNames>['executeTakeFirstOrThrow']>
>

export async function insertReview(
  db: Db,
  review: Insertable<ContentReviewTable>,
): Promise<void> {
  await db.insertInto('contentReview').values(review).execute()
}

export async function findReviews(db: Db, revisionIds: number[]) {
  if (revisionIds.length === 0) return []
  return db
    .selectFrom('contentReview as v')
    .leftJoin('staffAccount as reviewer', 'reviewer.id', 'v.reviewerId')
    .select([
      'v.revisionId',
      'v.outcome',
      'v.comment',
      'v.publishAt',
      'v.at',
      'reviewer.displayName as reviewerName',
    ])
    .where('v.revisionId', 'in', revisionIds)
    .orderBy('v.id')
    .execute()
}
export type ReviewRow = Awaited<ReturnType<typeof findReviews>>[number]

export const findNamedRevisions = (db: Db, itemId: number) =>
  revisionsWithNames(db)
    .where('r.itemId', '=', itemId)
    .orderBy('r.revisionNo', 'desc')
    .execute()

export const findNamedRevision = (db: Db, itemId: number, revisionNo: number) =>
  revisionsWithNames(db)
    .where('r.itemId', '=', itemId)
    .where('r.revisionNo', '=', revisionNo)
    .executeTakeFirst()

// The one check that decides which of two reviewers, or two processes, acts.
export async function updateRevisionIf(
  db: Db,
  id: number,
  expected: { version: number; states: readonly RevisionState[] },
  changes: Updateable<ContentRevisionTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('contentRevision')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', expected.version)
    .where('state', 'in', [...expected.states])
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function updateItemIf(
  db: Db,
  id: number,
  expected: { latestRevisionNo?: number; itemState?: string },
  changes: Updateable<ContentItemTable>,
): Promise<boolean> {
  let query = db.updateTable('contentItem').set(changes).where('id', '=', id)
  if (expected.latestRevisionNo !== undefined)
    query = query.where('latestRevisionNo', '=', expected.latestRevisionNo)
  if (expected.itemState !== undefined)
    query = query.where('itemState', '=', expected.itemState)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function supersedeRevision(
  db: Db,
  itemId: number,
  revisionNo: number,
  at: string,
): Promise<void> {
  await db
    .updateTable('contentRevision')
    .set((eb) => ({
      state: 'superseded',
      version: eb('version', '+', 1),
      updatedAt: at,
    }))
    .where('itemId', '=', itemId)
    .where('revisionNo', '=', revisionNo)
    .where('state', '=', 'published')
    .execute()
}

/** A withdrawn item publishes nothing by itself later: its scheduled revision waits again. */
export async function unscheduleRevisionsOf(
  db: Db,
  itemId: number,
  at: string,
): Promise<number> {
  const result = await db
    .updateTable('contentRevision')
    .set((eb) => ({
      state: 'submitted',
      version: eb('version', '+', 1),
      reviewerId: null,
      reviewedAt: null,
      publishAt: null,
      updatedAt: at,
    }))
    .where('itemId', '=', itemId)
    .where('state', '=', 'scheduled')
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

// One range of (state, publish_at).
export const findDueRevisions = (db: Db, now: string, limit: number) =>
  db
    .selectFrom('contentRevision')
    .select(['id', 'itemId', 'revisionNo', 'version', 'publishAt'])
    .where('state', '=', 'scheduled')
    .where('publishAt', '<=', now)
    .orderBy('publishAt')
    .limit(limit)
    .execute()

export async function findSystemAccountId(
  db: Db,
  accountName: string,
): Promise<number> {
  const row = await db
    .selectFrom('staffAccount')
    .select('id')
    .where('accountName', '=', accountName)
    .where('isSystem', '=', 1)
    .executeTakeFirstOrThrow()
  return row.id
}

export async function findAccountName(
  db: Db,
  id: number | null,
): Promise<string> {
  if (id === null) return ''
  const row = await db
    .selectFrom('staffAccount')
    .select('displayName')
    .where('id', '=', id)
    .executeTakeFirst()
  return row?.displayName ?? ''
}
