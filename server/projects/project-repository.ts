import { sql, type Kysely } from 'kysely'

import {
  REGIONS,
  TRADE_STAGES,
  tradeCategory,
  type TradeStageKey,
} from '#common/constants/trade.ts'
import { presetRange } from '#common/date-range.ts'
import { type PortalPage } from '#common/schemas/paging.ts'
import {
  type ProjectPageQuery,
  type ProjectSummary,
} from '#common/schemas/project.ts'
import { containsPattern } from '#server/shared/like-pattern.ts'
import {
  type Database,
  type NewProject,
  type NewProjectAnnouncement,
} from '#server/db/schema.ts'

/** Display names of the stored codes (common/constants.ts is their one definition). */
export function projectNames(row: {
  category: number
  subType: number
  regionCode: string
}) {
  const category = tradeCategory(row.category)
  return {
    categoryName: category?.label ?? '',
    subTypeName:
      category?.subTypes.find((s) => s.value === row.subType)?.label ?? '',
    regionName: REGIONS.find((r) => r.value === row.regionCode)?.label ?? '',
  }
}

export function stageName(stage: string): string {
  return TRADE_STAGES[stage as TradeStageKey] ?? ''
}

type ProjectFilter = Omit<ProjectPageQuery, 'pageNo' | 'pageSize'>

/**
 * Rows are announcements joined to their project: those of the stage asked for, or each
 * project's latest one, so a project appears once per list.
 */
function announcementRows(db: Kysely<Database>, filter: ProjectFilter) {
  let query = db
    .selectFrom('projectAnnouncement as a')
    .innerJoin('project as p', 'p.id', 'a.projectId')
  query = filter.stage
    ? query.where('a.stage', '=', filter.stage)
    : query.where('a.isLatest', '=', 1)
  if (filter.category !== undefined)
    query = query.where('p.category', '=', filter.category)
  if (filter.subType !== undefined)
    query = query.where('p.subType', '=', filter.subType)
  if (filter.region) query = query.where('p.regionCode', '=', filter.region)
  if (filter.tradeMode)
    query = query.where('p.tradeMode', '=', filter.tradeMode)
  if (filter.startTime)
    query = query.where('a.publishTime', '>=', filter.startTime)
  if (filter.endTime) query = query.where('a.publishTime', '<=', filter.endTime)
  const keyword = filter.keyword?.trim()
  if (keyword) {
    const pattern = containsPattern(keyword)
    query = query.where((eb) =>
      eb.or(
        (['p.name', 'p.code', 'p.tenderer', 'a.title'] as const).map(
          (column) =>
            sql<boolean>`${eb.ref(column)} like ${pattern} escape '\\'`,
        ),
      ),
    )
  }
  return query
}

const SUMMARY_COLUMNS = [
  'p.id',
  'p.code',
  'p.name',
  'p.category',
  'p.subType',
  'p.regionCode',
  'p.tenderer',
  'p.amount',
  'p.tradeMode',
  'a.stage',
  'a.id as announcementId',
  'a.title',
  'a.publishTime',
] as const

type SummaryRow = {
  id: number
  code: string
  name: string
  category: number
  subType: number
  regionCode: string
  tenderer: string
  amount: number | string
  tradeMode: string
  stage: string
  announcementId: number
  title: string
  publishTime: string
}

export function toProjectSummary(row: SummaryRow): ProjectSummary {
  return {
    ...row,
    ...projectNames(row),
    amount: Number(row.amount),
    stage: row.stage as TradeStageKey,
    stageName: stageName(row.stage),
  }
}

/**
 * One page of projects, newest announcement first, with the total: two statements. A time
 * preset (spec §9) applies when no explicit start or end time is given. Shared by the Portal
 * API's /Project/PageList and the complaint form's list of tendered projects.
 */
export async function pageProjects(
  db: Kysely<Database>,
  query: ProjectPageQuery,
  now: Date = new Date(),
): Promise<PortalPage<ProjectSummary>> {
  const { pageNo, pageSize, timePreset, ...rest } = query
  const range =
    timePreset && !rest.startTime && !rest.endTime
      ? presetRange(timePreset as Parameters<typeof presetRange>[0], now)
      : undefined
  const filter = { ...rest, ...range }
  const [countRow, rows] = await Promise.all([
    announcementRows(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
    announcementRows(db, filter)
      .select(SUMMARY_COLUMNS)
      .orderBy('a.publishTime', 'desc')
      .orderBy('a.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute(),
  ])
  return { Table: rows.map(toProjectSummary), Total: Number(countRow.total) }
}

/**
 * The newest `size` announcements of every (category, stage) pair, in one statement: a window
 * numbers the rows of each pair newest first.
 */
export async function findLatestAnnouncements(
  db: Kysely<Database>,
  options: { category?: number; size: number },
): Promise<ProjectSummary[]> {
  let inner = db
    .selectFrom('projectAnnouncement as a')
    .innerJoin('project as p', 'p.id', 'a.projectId')
    .select(SUMMARY_COLUMNS)
    .select((eb) =>
      eb.fn
        .agg<number>('row_number')
        .over((over) =>
          over
            .partitionBy(['p.category', 'a.stage'])
            .orderBy('a.publishTime', 'desc')
            .orderBy('a.id', 'desc'),
        )
        .as('rank'),
    )
  if (options.category !== undefined)
    inner = inner.where('p.category', '=', options.category)
  const rows = await db
    .selectFrom(inner.as('ranked'))
    .selectAll()
    .where('ranked.rank', '<=', options.size)
    .orderBy('ranked.publishTime', 'desc')
    .orderBy('ranked.announcementId', 'desc')
    .execute()
  return rows.map(({ rank: _rank, ...row }) => toProjectSummary(row))
}

/** A project with every announcement and its files (three statements, whatever the count). */
export async function findProjectDetail(db: Kysely<Database>, id: number) {
  const project = await db
    .selectFrom('project')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  if (!project) return null
  const [announcements, files] = await Promise.all([
    db
      .selectFrom('projectAnnouncement')
      .select(['id', 'stage', 'title', 'content', 'publishTime'])
      .where('projectId', '=', id)
      .orderBy('publishTime')
      .execute(),
    db
      .selectFrom('projectAnnouncementFile as af')
      .innerJoin('projectAnnouncement as a', 'a.id', 'af.announcementId')
      .innerJoin('file', 'file.id', 'af.fileId')
      .where('a.projectId', '=', id)
      .select([
        'af.announcementId',
        'file.id',
        'file.name',
        'file.mime',
        'file.size',
      ])
      .orderBy('af.announcementId')
      .orderBy('af.sort')
      .execute(),
  ])
  return { project, announcements, files }
}

/** Per category and month ('YYYY-MM' of the entry time) from `since` on: count and amount. */
export async function sumProjectsByMonth(db: Kysely<Database>, since: string) {
  const month = sql<string>`substr(${sql.ref('publishTime')}, 1, 7)`
  const rows = await db
    .selectFrom('project')
    .where('publishTime', '>=', since)
    .select((eb) => [
      'category',
      month.as('month'),
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string>('amount').as('amount'),
    ])
    .groupBy(['category', month])
    .execute()
  return rows.map((row) => ({
    category: row.category,
    month: row.month,
    count: Number(row.count),
    amount: Number(row.amount),
  }))
}

export async function countProjects(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('project')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

/** Projects of one sub-type with the publish time of one stage's announcement, newest first. */
export function findStageAnnouncements(
  db: Kysely<Database>,
  filter: { category: number; subType: number; stage: TradeStageKey },
) {
  return db
    .selectFrom('projectAnnouncement as a')
    .innerJoin('project as p', 'p.id', 'a.projectId')
    .select([
      'p.id',
      'p.name',
      'p.code',
      'p.tenderer',
      'p.agency',
      'p.location',
      'a.publishTime',
    ])
    .where('p.category', '=', filter.category)
    .where('p.subType', '=', filter.subType)
    .where('a.stage', '=', filter.stage)
    .orderBy('a.publishTime', 'desc')
    .orderBy('p.id', 'desc')
    .execute()
}

export async function insertProject(
  db: Kysely<Database>,
  row: NewProject,
): Promise<number> {
  const { id } = await db
    .insertInto('project')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/**
 * Inserts the announcements of one project (one per stage) and marks its newest as the latest.
 * Answers the new ids by stage: RETURNING does not promise the order of the rows.
 */
export async function insertAnnouncements(
  db: Kysely<Database>,
  rows: Omit<NewProjectAnnouncement, 'isLatest'>[],
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map()
  const newest = rows.reduce((a, b) => (b.publishTime > a.publishTime ? b : a))
  const inserted = await db
    .insertInto('projectAnnouncement')
    .values(rows.map((row) => ({ ...row, isLatest: row === newest ? 1 : 0 })))
    .returning(['id', 'stage'])
    .execute()
  return new Map(inserted.map((row) => [row.stage, row.id]))
}

export async function insertAnnouncementFiles(
  db: Kysely<Database>,
  rows: { announcementId: number; fileId: string; sort: number }[],
): Promise<void> {
  if (rows.length > 0)
    await db.insertInto('projectAnnouncementFile').values(rows).execute()
}

/** Projects by id from `afterId`, for a rebuild of the index. */
export async function findProjectsAfter(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
) {
  return db
    .selectFrom('project')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** Stage announcements by id from `afterId`, for a rebuild of the index. */
export async function findAnnouncementsAfter(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
) {
  return db
    .selectFrom('projectAnnouncement')
    .select(['id', 'projectId', 'stage', 'title', 'content', 'publishTime'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** Those of `fileIds` a stage announcement or a linkage record carries. */
export async function findProjectFileIds(
  db: Kysely<Database>,
  fileIds: string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('projectAnnouncementFile')
    .select('fileId')
    .where('fileId', 'in', fileIds)
    .union(
      db
        .selectFrom('linkageRecordFile')
        .select('fileId')
        .where('fileId', 'in', fileIds),
    )
    .execute()
  return rows.map((row) => row.fileId)
}
