import { type Kysely, sql } from 'kysely'

import type { TradeStageKey } from '#common/constants/trade.ts'
import type { DateRange } from '#common/date-range.ts'
import type {
  ProjectScheduleItem,
  ProjectSummary,
} from '#common/schemas/project.ts'
import type { Database } from '#server/db/schema.ts'

import { projectNames } from './project-names.ts'
import {
  PROJECT_NAMING_COLUMNS,
  PROJECT_SCHEDULE_COLUMNS,
  publicAnnouncements,
  SUMMARY_COLUMNS,
  toProjectSummary,
  toSchedule,
} from './project-repository.ts'

// A window numbers the rows of each pair newest first.
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

// Both read the column's index as a range.
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
      .select([...PROJECT_NAMING_COLUMNS, ...PROJECT_SCHEDULE_COLUMNS])
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

// Counted from the (publish time, withdrawal) index alone, less those of the few withdrawn
// projects.
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

// The newest `size` of each stage through its (stage, time) index, then the newest of those, so
// no more than stages × size rows are read.
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
