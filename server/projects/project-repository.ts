import type { CountCache } from '#server/shared/count-cache.ts'
import {
  type Kysely,
  type OrderByItemBuilder,
  sql,
  type Updateable,
} from 'kysely'

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
import type { PortalPage } from '#common/schemas/paging.ts'
import type {
  ProjectPageQuery,
  ProjectScheduleItem,
  ProjectSummary,
} from '#common/schemas/project.ts'
import { idBlock } from '#server/shared/id-blocks.ts'
import { containsPattern } from '#server/shared/like-pattern.ts'
import type {
  Database,
  NewProject,
  NewProjectAnnouncement,
  ProjectAnnouncementTable,
  ProjectTable,
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
 * Announcements on the public side joined to their project: neither withdrawn (a withdrawn row
 * stays so its address says so, but no list or figure shows it).
 */
function publicAnnouncements(db: Kysely<Database>) {
  return db
    .selectFrom('projectAnnouncement as a')
    .innerJoin('project as p', 'p.id', 'a.projectId')
    .where('a.withdrawnAt', 'is', null)
    .where('p.withdrawnAt', 'is', null)
}

/**
 * Rows are announcements joined to their project: those of the stage asked for, or each
 * project's latest one, so a project appears once per list.
 */
function announcementRows(db: Kysely<Database>, filter: ProjectFilter) {
  let query = publicAnnouncements(db)
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
  counts?: CountCache,
): Promise<PortalPage<ProjectSummary>> {
  const { pageNo, pageSize, timePreset, sort, order, ...rest } = query
  const range =
    timePreset && !rest.startTime && !rest.endTime
      ? presetRange(timePreset as Parameters<typeof presetRange>[0], now)
      : undefined
  const filter = { ...rest, ...range }
  const countAll = async () => {
    const row = await announcementRows(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow()
    return Number(row.total)
  }
  const [total, rows] = await Promise.all([
    counts
      ? counts.count(`project ${JSON.stringify(filter)}`, countAll)
      : countAll(),
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
  return { Table: rows.map(toProjectSummary), Total: total }
}

/**
 * The newest `size` announcements of every (category, stage) pair, in one statement: a window
 * numbers the rows of each pair newest first.
 */
export async function findLatestAnnouncements(
  db: Kysely<Database>,
  options: { category?: number; size: number },
): Promise<ProjectSummary[]> {
  let inner = publicAnnouncements(db)
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
    .where('p.withdrawnAt', 'is', null)
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
    // A withdrawn project has no current stage (refreshProjectStages).
    .where('currentStage', 'in', stages)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

/**
 * How many stage announcements on the public side were published in `range`: those of the range
 * not withdrawn, counted from the (publish time, withdrawal) index alone, less those of the few
 * withdrawn projects. One statement.
 */
export async function countAnnouncementsIn(
  db: Kysely<Database>,
  range: DateRange,
): Promise<number> {
  const row = await db
    .selectNoFrom((eb) =>
      eb(
        eb
          .selectFrom('projectAnnouncement as a')
          .where('a.publishTime', '>=', range.startTime)
          .where('a.publishTime', '<=', range.endTime)
          .where('a.withdrawnAt', 'is', null)
          .select((e) => e.fn.countAll<number | string>().as('n')),
        '-',
        // From the withdrawn projects (a partial index of few rows) to their announcements.
        eb
          .selectFrom('project as p')
          .innerJoin('projectAnnouncement as a', 'a.projectId', 'p.id')
          .where('p.withdrawnAt', 'is not', null)
          .where('a.publishTime', '>=', range.startTime)
          .where('a.publishTime', '<=', range.endTime)
          .where('a.withdrawnAt', 'is', null)
          .select((e) => e.fn.countAll<number | string>().as('n')),
      ).as('total'),
    )
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
        publicAnnouncements(db)
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

/**
 * A project with every announcement and its files (three statements, whatever the count),
 * withdrawn ones included: the page says they were withdrawn.
 */
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
      .select([
        'id',
        'stage',
        'title',
        'content',
        'publishTime',
        'withdrawnAt',
        'withdrawalReason',
        'correctedAt',
        'correctionNote',
      ])
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
    .where('withdrawnAt', 'is', null)
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
  return publicAnnouncements(db)
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

/**
 * Projects by number or name, the newest first, withdrawn ones too: what the console's forms of
 * announcements and records choose from. Two statements.
 */
export async function pageProjectChoices(
  db: Kysely<Database>,
  filter: { keyword?: string; limit: number; offset: number },
) {
  let query = db.selectFrom('project')
  const keyword = filter.keyword?.trim()
  if (keyword) {
    const pattern = containsPattern(keyword)
    query = query.where((eb) =>
      eb.or(
        (['name', 'code'] as const).map(
          (column) =>
            sql<boolean>`${eb.ref(column)} like ${pattern} escape '\\'`,
        ),
      ),
    )
  }
  const [countRow, rows] = await Promise.all([
    query
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
    query
      .select(['id', 'code', 'name', 'category', 'withdrawnAt'])
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
  ])
  return { rows, total: Number(countRow.total) }
}

/** Projects in one statement; their ids in the order of the rows. */
export async function insertProjects(
  db: Kysely<Database>,
  rows: NewProject[],
): Promise<number[]> {
  if (rows.length === 0) return []
  const inserted = await db
    .insertInto('project')
    .values(rows)
    .returning('id')
    .execute()
  // Ids are drawn in the order of the VALUES list; RETURNING's own order is not promised.
  return inserted.map((row) => row.id).sort((a, b) => a - b)
}

export async function updateProject(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<ProjectTable>,
): Promise<void> {
  await db.updateTable('project').set(changes).where('id', '=', id).execute()
}

/** What a project's announcements and records need to know of it: null when there is none. */
export const findProjectFacts = (db: Kysely<Database>, id: number) =>
  db
    .selectFrom('project')
    .select([
      'id',
      'code',
      'name',
      'category',
      'tenderer',
      'publishTime',
      'withdrawnAt',
      'withdrawalReason',
    ])
    .where('id', '=', id)
    .executeTakeFirst()

/** Where projects stand in the trade list's filters: category, sub-type and region. */
export async function findProjectPlaces(
  db: Kysely<Database>,
  ids: readonly number[],
) {
  if (ids.length === 0) return []
  return db
    .selectFrom('project')
    .select(['id', 'category', 'subType', 'regionCode'])
    .where('id', 'in', [...ids])
    .execute()
}

/** The stages a project's announcements were published for, withdrawn ones too. */
export async function findAnnouncementStages(
  db: Kysely<Database>,
  projectId: number,
) {
  return db
    .selectFrom('projectAnnouncement')
    .select(['id', 'stage'])
    .where('projectId', '=', projectId)
    .execute()
}

/** Announcements in one statement; their ids in the order of the rows. */
export async function insertAnnouncementRows(
  db: Kysely<Database>,
  rows: NewProjectAnnouncement[],
): Promise<number[]> {
  if (rows.length === 0) return []
  const inserted = await db
    .insertInto('projectAnnouncement')
    .values(rows)
    .returning('id')
    .execute()
  return inserted.map((row) => row.id).sort((a, b) => a - b)
}

export async function updateAnnouncement(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<ProjectAnnouncementTable>,
): Promise<void> {
  await db
    .updateTable('projectAnnouncement')
    .set(changes)
    .where('id', '=', id)
    .execute()
}

/** An announcement as stored, for its index entry and its project. */
export const findAnnouncement = (db: Kysely<Database>, id: number) =>
  db
    .selectFrom('projectAnnouncement')
    .select([
      'id',
      'projectId',
      'stage',
      'title',
      'content',
      'publishTime',
      'withdrawnAt',
    ])
    .where('id', '=', id)
    .executeTakeFirst()

/**
 * After announcements of `projectIds` were published or withdrawn, or the projects themselves:
 * each project's newest announcement on the public side is its latest (what a list without a
 * stage shows), and its current stage the furthest of its tab set with one (currentStageOf),
 * none while the project is withdrawn. Set-based: one statement
 * for the latest flags, one read, and one update per distinct stage.
 */
export async function refreshProjectStages(
  db: Kysely<Database>,
  projectIds: number[],
): Promise<void> {
  if (projectIds.length === 0) return
  await db
    .updateTable('projectAnnouncement')
    .set((eb) => ({
      isLatest: eb
        .case()
        .when(
          'id',
          '=',
          eb
            .selectFrom('projectAnnouncement as newest')
            .select('newest.id')
            .whereRef('newest.projectId', '=', 'projectAnnouncement.projectId')
            .where('newest.withdrawnAt', 'is', null)
            .orderBy('newest.publishTime', 'desc')
            .orderBy('newest.id', 'desc')
            .limit(1),
        )
        .then(1)
        .else(0)
        .end(),
    }))
    .where('projectId', 'in', projectIds)
    .execute()
  const [projects, stages] = await Promise.all([
    db
      .selectFrom('project')
      .select(['id', 'category', 'withdrawnAt'])
      .where('id', 'in', projectIds)
      .execute(),
    db
      .selectFrom('projectAnnouncement')
      .select(['projectId', 'stage'])
      .where('projectId', 'in', projectIds)
      .where('withdrawnAt', 'is', null)
      .execute(),
  ])
  const byStage = new Map<TradeStageKey | null, number[]>()
  for (const project of projects) {
    // A withdrawn project stands at no stage: counts of projects by stage leave it out.
    const stage = project.withdrawnAt
      ? null
      : currentStageOf(
          project.category,
          stages
            .filter((row) => row.projectId === project.id)
            .map((r) => r.stage),
        )
    byStage.set(stage, [...(byStage.get(stage) ?? []), project.id])
  }
  for (const [currentStage, ids] of byStage)
    await db
      .updateTable('project')
      .set({ currentStage })
      .where('id', 'in', ids)
      .execute()
}

/** Replaces an announcement's attachments (in order) and the pictures its text shows. */
export async function replaceAnnouncementFiles(
  db: Kysely<Database>,
  announcementId: number,
  files: { attachments: string[]; images: string[] },
): Promise<void> {
  await db
    .deleteFrom('projectAnnouncementFile')
    .where('announcementId', '=', announcementId)
    .execute()
  await db
    .deleteFrom('projectAnnouncementImage')
    .where('announcementId', '=', announcementId)
    .execute()
  await insertAnnouncementFiles(
    db,
    files.attachments.map((fileId, sort) => ({ announcementId, fileId, sort })),
  )
  await insertAnnouncementImages(
    db,
    files.images.map((fileId) => ({ announcementId, fileId })),
  )
}

export async function insertAnnouncementFiles(
  db: Kysely<Database>,
  rows: { announcementId: number; fileId: string; sort: number }[],
): Promise<void> {
  if (rows.length > 0)
    await db.insertInto('projectAnnouncementFile').values(rows).execute()
}

/** The pictures published announcements' texts show. */
export async function insertAnnouncementImages(
  db: Kysely<Database>,
  rows: { announcementId: number; fileId: string }[],
): Promise<void> {
  if (rows.length > 0)
    await db.insertInto('projectAnnouncementImage').values(rows).execute()
}

/** Projects on the public side by id from `afterId`, for a rebuild of the index. */
export async function findProjectsAfter(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
) {
  return db
    .selectFrom('project')
    .selectAll()
    .where('id', '>', afterId)
    .where('withdrawnAt', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** Stage announcements on the public side by id from `afterId`, for a rebuild of the index. */
export async function findAnnouncementsAfter(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
) {
  return publicAnnouncements(db)
    .select([
      'a.id',
      'a.projectId',
      'a.stage',
      'a.title',
      'a.content',
      'a.publishTime',
    ])
    .where('a.id', '>', afterId)
    .orderBy('a.id')
    .limit(limit)
    .execute()
}

/** The announcements of a project on the public side, for its index entries. */
export async function findPublicAnnouncementsOf(
  db: Kysely<Database>,
  projectId: number,
) {
  return db
    .selectFrom('projectAnnouncement')
    .select(['id', 'projectId', 'stage', 'title', 'content', 'publishTime'])
    .where('projectId', '=', projectId)
    .where('withdrawnAt', 'is', null)
    .execute()
}

/**
 * Those of `fileIds` a stage announcement or a linkage record on the public side carries, as an
 * attachment or a picture of its text. A withdrawn one's (or a withdrawn project's) are public
 * no longer.
 */
export async function findProjectFileIds(
  db: Kysely<Database>,
  fileIds: string[],
): Promise<string[]> {
  const ofAnnouncements = db
    .selectFrom('projectAnnouncement as a')
    .innerJoin('project as p', 'p.id', 'a.projectId')
    .where('a.withdrawnAt', 'is', null)
    .where('p.withdrawnAt', 'is', null)
  const ofLinkages = db
    .selectFrom('linkageRecord as l')
    .innerJoin('project as p', 'p.id', 'l.projectId')
    .where('l.withdrawnAt', 'is', null)
    .where('p.withdrawnAt', 'is', null)
  const rows = await ofAnnouncements
    .innerJoin('projectAnnouncementFile as f', 'f.announcementId', 'a.id')
    .select('f.fileId')
    .where('f.fileId', 'in', fileIds)
    .union(
      ofAnnouncements
        .innerJoin('projectAnnouncementImage as f', 'f.announcementId', 'a.id')
        .select('f.fileId')
        .where('f.fileId', 'in', fileIds),
    )
    .union(
      ofLinkages
        .innerJoin('linkageRecordFile as f', 'f.linkageId', 'l.id')
        .select('f.fileId')
        .where('f.fileId', 'in', fileIds),
    )
    .union(
      ofLinkages
        .innerJoin('linkageRecordImage as f', 'f.linkageId', 'l.id')
        .select('f.fileId')
        .where('f.fileId', 'in', fileIds),
    )
    .execute()
  return rows.map((row) => row.fileId)
}

/**
 * The newest stage announcements on the public side, of one trading category or of all, newest
 * first, with their project and the start of their text: a feed's items.
 */
export async function findNewestAnnouncements(
  db: Kysely<Database>,
  options: { category: number | null; limit: number },
) {
  let query = publicAnnouncements(db).select([
    'a.id',
    'a.projectId',
    'a.stage',
    'a.title',
    sql<string>`substr(${sql.ref('a.content')}, 1, 1000)`.as('contentStart'),
    'a.publishTime',
    'a.correctedAt',
    'p.code',
    'p.name',
    'p.category',
    'p.subType',
    'p.regionCode',
  ])
  if (options.category !== null)
    query = query.where('p.category', '=', options.category)
  return query
    .orderBy('a.publishTime', 'desc')
    .orderBy('a.id', 'desc')
    .limit(options.limit)
    .execute()
}

/** When a row was last published: its correction's time, else its first publication. */
const lastPublished = (table: 'a' | 'l') =>
  sql<string>`coalesce(${sql.ref(`${table}.correctedAt`)}, ${sql.ref(`${table}.publishTime`)})`

/** Linkage records on the public side joined to their project. */
function publicLinkages(db: Kysely<Database>) {
  return db
    .selectFrom('linkageRecord as l')
    .innerJoin('project as p', 'p.id', 'l.projectId')
    .where('l.withdrawnAt', 'is', null)
    .where('p.withdrawnAt', 'is', null)
}

/**
 * Projects on the public side in blocks of `size` ids (idBlock), each with the latest time its
 * page changed: a project's own revision, or an announcement or linkage record it shows.
 */
export async function findPublicProjectBlocks(
  db: Kysely<Database>,
  size: number,
) {
  const times = db
    .selectFrom('project as p')
    .where('p.withdrawnAt', 'is', null)
    .select(['p.id as projectId', 'p.updatedAt as at'])
    .unionAll(
      publicAnnouncements(db).select([
        'a.projectId',
        lastPublished('a').as('at'),
      ]),
    )
    .unionAll(
      publicLinkages(db).select(['l.projectId', lastPublished('l').as('at')]),
    )
  const block = idBlock('t.projectId', size)
  const rows = await db
    .selectFrom(times.as('t'))
    .select((eb) => [block.as('block'), eb.fn.max('t.at').as('lastmod')])
    .groupBy(block)
    .orderBy('block')
    .execute()
  return rows.map((row) => ({ block: Number(row.block), lastmod: row.lastmod }))
}

/**
 * Projects on the public side with ids in (afterId, untilId], by id, with the latest times of
 * their announcements and records: a keyset page of the sitemap.
 */
export async function findPublicProjectStamps(
  db: Kysely<Database>,
  range: { afterId: number; untilId: number; limit: number },
) {
  return db
    .selectFrom('project as p')
    .where('p.withdrawnAt', 'is', null)
    .where('p.id', '>', range.afterId)
    .where('p.id', '<=', range.untilId)
    .select((eb) => [
      'p.id',
      'p.updatedAt',
      eb
        .selectFrom('projectAnnouncement as a')
        .whereRef('a.projectId', '=', 'p.id')
        .where('a.withdrawnAt', 'is', null)
        .select(sql<string>`max(${lastPublished('a')})`.as('at'))
        .as('announcedAt'),
      eb
        .selectFrom('linkageRecord as l')
        .whereRef('l.projectId', '=', 'p.id')
        .where('l.withdrawnAt', 'is', null)
        .select(sql<string>`max(${lastPublished('l')})`.as('at'))
        .as('recordedAt'),
    ])
    .orderBy('p.id')
    .limit(range.limit)
    .execute()
}

/** Announcements on the public side in blocks of `size` ids, each with its latest time. */
export async function findPublicAnnouncementBlocks(
  db: Kysely<Database>,
  size: number,
) {
  const block = idBlock('a.id', size)
  const rows = await publicAnnouncements(db)
    .select([
      block.as('block'),
      sql<string>`max(${lastPublished('a')})`.as('lastmod'),
      sql<string>`max(${sql.ref('p.updatedAt')})`.as('projectLastmod'),
    ])
    .groupBy(block)
    .orderBy('block')
    .execute()
  return rows.map((row) => ({
    block: Number(row.block),
    lastmod:
      row.projectLastmod > row.lastmod ? row.projectLastmod : row.lastmod,
  }))
}

/** Announcements on the public side with ids in (afterId, untilId], by id. */
export async function findPublicAnnouncementStamps(
  db: Kysely<Database>,
  range: { afterId: number; untilId: number; limit: number },
) {
  return publicAnnouncements(db)
    .where('a.id', '>', range.afterId)
    .where('a.id', '<=', range.untilId)
    .select([
      'a.id',
      'a.projectId',
      'a.stage',
      lastPublished('a').as('announcedAt'),
      'p.updatedAt',
    ])
    .orderBy('a.id')
    .limit(range.limit)
    .execute()
}
