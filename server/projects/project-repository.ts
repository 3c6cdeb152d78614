import { type Kysely, type OrderByItemBuilder, sql } from 'kysely'

import {
  currentStageOf,
  REGIONS,
  TRADE_STAGE_KEYS,
  TRADE_STAGES,
  tradeCategory,
  type TradeStageKey,
  type ProjectSortField,
  type SortOrder,
} from '#common/constants/trade.ts'
import { type DateRange, presetRange } from '#common/date-range.ts'
import { type PortalPage } from '#common/schemas/paging.ts'
import {
  type ProjectPageQuery,
  type ProjectScheduleItem,
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

export function stageName(stage: string | null): string {
  return stage ? (TRADE_STAGES[stage as TradeStageKey] ?? '') : ''
}

type ProjectFilter = Omit<
  ProjectPageQuery,
  'pageNo' | 'pageSize' | 'sort' | 'order'
>

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
  if (filter.currentStage)
    query = query.where('p.currentStage', '=', filter.currentStage)
  if (filter.registrationStart)
    query = query.where(
      'p.registrationDeadline',
      '>=',
      filter.registrationStart,
    )
  if (filter.registrationEnd)
    query = query.where('p.registrationDeadline', '<=', filter.registrationEnd)
  if (filter.openingStart)
    query = query.where('p.openingTime', '>=', filter.openingStart)
  if (filter.openingEnd)
    query = query.where('p.openingTime', '<=', filter.openingEnd)
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
  'p.registrationDeadline',
  'p.openingTime',
  'p.currentStage',
] as const

type ScheduleRow = {
  registrationDeadline: string | null
  openingTime: string | null
  currentStage: string | null
}

/** The dates and current stage of a project row, with the stage's name. */
function toSchedule(row: ScheduleRow) {
  return {
    registrationDeadline: row.registrationDeadline,
    openingTime: row.openingTime,
    currentStage: row.currentStage as TradeStageKey | null,
    currentStageName: stageName(row.currentStage),
  }
}

type SummaryRow = ScheduleRow & {
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
    ...toSchedule(row),
    amount: Number(row.amount),
    stage: row.stage as TradeStageKey,
    stageName: stageName(row.stage),
  }
}

/** Stages in trade order: within each tab set the keys stand in the order of its tabs. */
const stageRank = sql<number>`case ${sql.ref('p.currentStage')} ${sql.join(
  TRADE_STAGE_KEYS.map((stage, i) => sql`when ${stage} then ${sql.lit(i)}`),
  sql` `,
)} end`

const SORT_COLUMNS = {
  publishTime: sql.ref('a.publishTime'),
  registrationDeadline: sql.ref('p.registrationDeadline'),
  openingTime: sql.ref('p.openingTime'),
  currentStage: stageRank,
} satisfies Record<ProjectSortField, unknown>

function directed(ob: OrderByItemBuilder, order: SortOrder) {
  return order === 'asc' ? ob.asc() : ob.desc()
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
  const { pageNo, pageSize, timePreset, sort, order, ...rest } = query
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
      // A project without the date sorted by comes last either way; ties stay newest first.
      .orderBy(SORT_COLUMNS[sort ?? 'publishTime'], (ob) =>
        directed(ob, order ?? 'desc').nullsLast(),
      )
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

const SCHEDULE_COLUMNS = {
  openingTime: 'p.openingTime',
  registrationDeadline: 'p.registrationDeadline',
} as const

/**
 * Projects whose opening or registration deadline falls in `range`, soonest first: the count
 * and the first `limit`. Both read the column's index as a range.
 */
export async function findScheduledProjects(
  db: Kysely<Database>,
  options: {
    by: keyof typeof SCHEDULE_COLUMNS
    range: DateRange
    limit: number
  },
): Promise<{ total: number; items: ProjectScheduleItem[] }> {
  const column = SCHEDULE_COLUMNS[options.by]
  const inRange = db
    .selectFrom('project as p')
    .where(column, '>=', options.range.startTime)
    .where(column, '<=', options.range.endTime)
  const [countRow, rows] = await Promise.all([
    inRange
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
    inRange
      .select([
        'p.id',
        'p.code',
        'p.name',
        'p.category',
        'p.subType',
        'p.regionCode',
        'p.tenderer',
        'p.registrationDeadline',
        'p.openingTime',
        'p.currentStage',
      ])
      .orderBy(column)
      .orderBy('p.id')
      .limit(options.limit)
      .execute(),
  ])
  return {
    total: Number(countRow.total),
    items: rows.map((row) => ({
      ...row,
      ...projectNames(row),
      ...toSchedule(row),
    })),
  }
}

/** How many projects stand at one of `stages` now (the current stage's index). */
export async function countProjectsAtStages(
  db: Kysely<Database>,
  stages: readonly string[],
): Promise<number> {
  const row = await db
    .selectFrom('project')
    .where('currentStage', 'in', stages)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

/** How many stage announcements were published in `range` (the publish time's index). */
export async function countAnnouncementsIn(
  db: Kysely<Database>,
  range: DateRange,
): Promise<number> {
  const row = await db
    .selectFrom('projectAnnouncement')
    .where('publishTime', '>=', range.startTime)
    .where('publishTime', '<=', range.endTime)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

/**
 * The newest `size` announcements of any of `stages`, newest first, in one statement: the
 * newest `size` of each stage through its (stage, time) index, then the newest of those, so
 * no more than stages × size rows are read however many there are.
 */
export async function findLatestAtStages(
  db: Kysely<Database>,
  stages: readonly TradeStageKey[],
  size: number,
): Promise<ProjectSummary[]> {
  const perStage = stages.map((stage) =>
    db
      .selectFrom(
        db
          .selectFrom('projectAnnouncement as a')
          .innerJoin('project as p', 'p.id', 'a.projectId')
          .select(SUMMARY_COLUMNS)
          .where('a.stage', '=', stage)
          .orderBy('a.publishTime', 'desc')
          .orderBy('a.id', 'desc')
          .limit(size)
          .as('s'),
      )
      .selectAll(),
  )
  const [first, ...others] = perStage
  if (!first) return []
  const union = others.reduce((all, next) => all.unionAll(next), first)
  const rows = await db
    .selectFrom(union.as('u'))
    .selectAll()
    .orderBy('u.publishTime', 'desc')
    .orderBy('u.announcementId', 'desc')
    .limit(size)
    .execute()
  return rows.map(toProjectSummary)
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
  for (const projectId of new Set(rows.map((row) => row.projectId)))
    await refreshCurrentStage(db, projectId)
  return new Map(inserted.map((row) => [row.stage, row.id]))
}

/** Sets a project's current stage from the announcements it has (currentStageOf). */
async function refreshCurrentStage(db: Kysely<Database>, projectId: number) {
  const [project, stages] = await Promise.all([
    db
      .selectFrom('project')
      .select('category')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('projectAnnouncement')
      .select('stage')
      .where('projectId', '=', projectId)
      .execute(),
  ])
  await db
    .updateTable('project')
    .set({
      currentStage: currentStageOf(
        project.category,
        stages.map((row) => row.stage),
      ),
    })
    .where('id', '=', projectId)
    .execute()
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
