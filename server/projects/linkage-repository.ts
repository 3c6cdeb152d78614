import { sql, type Kysely } from 'kysely'

import { LINKAGE_STATUSES } from '#common/constants/trade.ts'
import { type LinkageSummary } from '#common/schemas/project.ts'
import { containsPattern } from '#server/shared/like-pattern.ts'
import { type Database, type NewLinkageRecord } from '#server/db/schema.ts'

export type LinkageFilter = {
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
  let query = db
    .selectFrom('linkageRecord as l')
    .innerJoin('project as p', 'p.id', 'l.projectId')
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

/** Linkage records newest first, with the total: two statements. */
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

/** A record with its project and documents. */
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
  return { record: toLinkageSummary(record), files }
}

export async function insertLinkage(
  db: Kysely<Database>,
  row: NewLinkageRecord,
): Promise<number> {
  const { id } = await db
    .insertInto('linkageRecord')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

export async function insertLinkageFiles(
  db: Kysely<Database>,
  rows: { linkageId: number; fileId: string; sort: number }[],
): Promise<void> {
  if (rows.length > 0)
    await db.insertInto('linkageRecordFile').values(rows).execute()
}
