import {
  type Kysely,
  type OrderByItemBuilder,
  type Selectable,
  sql,
} from 'kysely'

import {
  type ProjectSortField,
  type SortOrder,
  TRADE_STAGE_KEYS,
  type TradeStageKey,
} from '#common/constants/trade.ts'
import { presetRange } from '#common/date-range.ts'
import type { PortalPage } from '#common/schemas/paging.ts'
import type {
  ProjectPageQuery,
  ProjectSummary,
} from '#common/schemas/project.ts'
import type { Database, ProjectTable } from '#server/db/schema.ts'
import type { CountCache } from '#server/shared/count-cache.ts'
import { containsPattern } from '#server/shared/like-pattern.ts'

import { projectNames, stageName } from './project-names.ts'

type ProjectFilter = Omit<
  ProjectPageQuery,
  'pageNo' | 'pageSize' | 'sort' | 'order'
>

// A withdrawn row stays so its address says so, but no list or figure shows it.
export function publicAnnouncements(db: Kysely<Database>) {
  return db
    .selectFrom('projectAnnouncement as a')
    .innerJoin('project as p', 'p.id', 'a.projectId')
    .where('a.withdrawnAt', 'is', null)
    .where('p.withdrawnAt', 'is', null)
}

// Each project's latest one when no stage is asked for, so a project appears once per list.
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

export const PROJECT_NAMING_COLUMNS = [
  'p.id',
  'p.code',
  'p.name',
  'p.category',
  'p.subType',
  'p.regionCode',
  'p.tenderer',
] as const

export const PROJECT_SCHEDULE_COLUMNS = [
  'p.registrationDeadline',
  'p.openingTime',
  'p.currentStage',
] as const

export const SUMMARY_COLUMNS = [
  ...PROJECT_NAMING_COLUMNS,
  'p.amount',
  'p.tradeMode',
  'a.stage',
  'a.id as announcementId',
  'a.title',
  'a.publishTime',
  ...PROJECT_SCHEDULE_COLUMNS,
] as const

export const ANNOUNCEMENT_COLUMNS = [
  'stage',
  'title',
  'content',
  'publishTime',
  'withdrawnAt',
  'withdrawalReason',
  'correctedAt',
  'correctionNote',
] as const

export const ANNOUNCEMENT_FILE_COLUMNS = [
  'af.announcementId',
  'file.id',
  'file.name',
  'file.mime',
  'file.size',
] as const

type ScheduleRow = {
  registrationDeadline: string | null
  openingTime: string | null
  currentStage: string | null
}

export function toSchedule(row: ScheduleRow) {
  return {
    registrationDeadline: row.registrationDeadline,
    openingTime: row.openingTime,
    currentStage: row.currentStage as TradeStageKey | null,
    currentStageName: stageName(row.currentStage),
  }
}

type SummaryRow = ScheduleRow &
  Pick<
    Selectable<ProjectTable>,
    | 'id'
    | 'code'
    | 'name'
    | 'category'
    | 'subType'
    | 'regionCode'
    | 'tenderer'
    | 'tradeMode'
  > & {
    amount: number | string
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

// A time preset (spec §9) applies when no explicit start or end time is given.
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
      // The stage's facts (JSON text), parsed by toProjectDetail.
      .select(['id', ...ANNOUNCEMENT_COLUMNS, 'facts'])
      .where('projectId', '=', id)
      .orderBy('publishTime')
      .execute(),
    db
      .selectFrom('projectAnnouncementFile as af')
      .innerJoin('projectAnnouncement as a', 'a.id', 'af.announcementId')
      .innerJoin('file', 'file.id', 'af.fileId')
      .where('a.projectId', '=', id)
      .select(ANNOUNCEMENT_FILE_COLUMNS)
      .orderBy('af.announcementId')
      .orderBy('af.sort')
      .execute(),
  ])
  return { project, announcements, files }
}

export async function countProjects(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('project')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

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

// A withdrawn one's (or a withdrawn project's) are public no longer.
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
