import { sql, type Kysely, type Updateable } from 'kysely'

import { LINKAGE_STATUSES } from '#common/constants/trade.ts'
import type { LinkageSummary } from '#common/schemas/project.ts'
import { idBlock } from '#server/shared/id-blocks.ts'
import { containsPattern } from '#server/shared/like-pattern.ts'
import type {
  Database,
  LinkageRecordTable,
  NewLinkageRecord,
} from '#server/db/schema.ts'

type LinkageFilter = {
  projectId?: number
  keyword?: string
  status?: number
  limit: number
  offset: number
}

function linkageRows(
  db: Kysely<Database>,
  filter: Omit<LinkageFilter, 'limit' | 'offset'>,
) {
  // A withdrawn record, or one of a withdrawn project, is in no list.
  let query = db
    .selectFrom('linkageRecord as l')
    .innerJoin('project as p', 'p.id', 'l.projectId')
    .where('l.withdrawnAt', 'is', null)
    .where('p.withdrawnAt', 'is', null)
  if (filter.projectId !== undefined)
    query = query.where('l.projectId', '=', filter.projectId)
  if (filter.status !== undefined)
    query = query.where('l.status', '=', filter.status)
  const keyword = filter.keyword?.trim()
  if (keyword) {
    const pattern = containsPattern(keyword)
    query = query.where((eb) =>
      eb.or(
        (['l.title', 'p.name', 'l.responsibleUnit'] as const).map(
          (column) =>
            sql<boolean>`${eb.ref(column)} like ${pattern} escape '\\'`,
        ),
      ),
    )
  }
  return query
}

const SUMMARY_COLUMNS = [
  'l.id',
  'l.projectId',
  'p.name as projectName',
  'l.title',
  'l.item',
  'l.responsibleUnit',
  'l.status',
  'l.foundDate',
  'l.deadline',
  'l.rectifiedDate',
  'l.publishTime',
] as const

function toLinkageSummary<T extends { status: number }>(
  row: T,
): T & { statusName: string } {
  return {
    ...row,
    statusName:
      LINKAGE_STATUSES.find((s) => s.value === row.status)?.label ?? '',
  }
}

export async function pageLinkages(
  db: Kysely<Database>,
  filter: LinkageFilter,
): Promise<{ rows: LinkageSummary[]; total: number }> {
  const [countRow, rows] = await Promise.all([
    linkageRows(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
    linkageRows(db, filter)
      .select(SUMMARY_COLUMNS)
      .orderBy('l.publishTime', 'desc')
      .orderBy('l.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
  ])
  return { rows: rows.map(toLinkageSummary), total: Number(countRow.total) }
}

export async function findLinkageDetail(db: Kysely<Database>, id: number) {
  const record = await db
    .selectFrom('linkageRecord as l')
    .innerJoin('project as p', 'p.id', 'l.projectId')
    .where('l.id', '=', id)
    .select([
      ...SUMMARY_COLUMNS,
      'l.finding',
      'l.requirement',
      'l.content',
      'p.code as projectCode',
      'p.category as projectCategory',
      'p.tenderer as projectTenderer',
      'l.withdrawnAt',
      'l.withdrawalReason',
      'l.correctedAt',
      'l.correctionNote',
      'p.withdrawnAt as projectWithdrawnAt',
      'p.withdrawalReason as projectWithdrawalReason',
    ])
    .executeTakeFirst()
  if (!record) return null
  const files = await db
    .selectFrom('linkageRecordFile as lf')
    .innerJoin('file', 'file.id', 'lf.fileId')
    .where('lf.linkageId', '=', id)
    .select(['file.id', 'file.name', 'file.mime', 'file.size'])
    .orderBy('lf.sort')
    .execute()
  return { record, files }
}

export async function insertLinkages(
  db: Kysely<Database>,
  rows: NewLinkageRecord[],
): Promise<number[]> {
  if (rows.length === 0) return []
  const inserted = await db
    .insertInto('linkageRecord')
    .values(rows)
    .returning('id')
    .execute()
  // Ids are drawn in the order of the VALUES list; RETURNING's own order is not promised.
  return inserted.map((row) => row.id).sort((a, b) => a - b)
}

export async function updateLinkage(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<LinkageRecordTable>,
): Promise<void> {
  await db
    .updateTable('linkageRecord')
    .set(changes)
    .where('id', '=', id)
    .execute()
}

export async function insertLinkageFiles(
  db: Kysely<Database>,
  rows: { linkageId: number; fileId: string; sort: number }[],
): Promise<void> {
  if (rows.length > 0)
    await db.insertInto('linkageRecordFile').values(rows).execute()
}

export async function insertLinkageImages(
  db: Kysely<Database>,
  rows: { linkageId: number; fileId: string }[],
): Promise<void> {
  if (rows.length > 0)
    await db.insertInto('linkageRecordImage').values(rows).execute()
}

export async function replaceLinkageFiles(
  db: Kysely<Database>,
  linkageId: number,
  files: { attachments: string[]; images: string[] },
): Promise<void> {
  await db
    .deleteFrom('linkageRecordFile')
    .where('linkageId', '=', linkageId)
    .execute()
  await db
    .deleteFrom('linkageRecordImage')
    .where('linkageId', '=', linkageId)
    .execute()
  await insertLinkageFiles(
    db,
    files.attachments.map((fileId, sort) => ({ linkageId, fileId, sort })),
  )
  await insertLinkageImages(
    db,
    files.images.map((fileId) => ({ linkageId, fileId })),
  )
}

const lastPublished = sql<string>`coalesce(${sql.ref('l.correctedAt')}, ${sql.ref('l.publishTime')})`

export async function findPublicLinkageBlocks(
  db: Kysely<Database>,
  size: number,
) {
  const block = idBlock('l.id', size)
  const rows = await linkageRows(db, {})
    .select([
      block.as('block'),
      sql<string>`max(${lastPublished})`.as('lastmod'),
    ])
    .groupBy(block)
    .orderBy('block')
    .execute()
  return rows.map((row) => ({ block: Number(row.block), lastmod: row.lastmod }))
}

export async function findPublicLinkageStamps(
  db: Kysely<Database>,
  range: { afterId: number; untilId: number; limit: number },
) {
  return linkageRows(db, {})
    .where('l.id', '>', range.afterId)
    .where('l.id', '<=', range.untilId)
    .select(['l.id', lastPublished.as('lastmod')])
    .orderBy('l.id')
    .limit(range.limit)
    .execute()
}
