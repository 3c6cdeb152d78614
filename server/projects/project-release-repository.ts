import { type Kysely, sql } from 'kysely'

import type { Database } from '#server/db/schema.ts'

import {
  ANNOUNCEMENT_COLUMNS,
  ANNOUNCEMENT_FILE_COLUMNS,
} from './project-repository.ts'

/*
 * What the OCDS releases of server/ocds are made from: every publication, correction (更正) and
 * withdrawal of a stage announcement, and every withdrawal of a project, in the order of their
 * times. Each kind of change is read through its own index (the publication time's of migration
 * 0009, the partial ones of 0022 for corrections and withdrawals, 0014's for withdrawn projects),
 * so a page walks index entries from `since` on and reads rows only for what it returns.
 */

/** The kinds of change, numbered in the order changes of one time are listed. */
export const RELEASE_CHANGES = {
  publication: 1,
  correction: 2,
  withdrawal: 3,
  projectWithdrawal: 4,
} as const
export type ReleaseChange = keyof typeof RELEASE_CHANGES

/** One change: its time ('YYYY-MM-DD HH:mm:ss', Shanghai), kind, and announcement or project. */
export type ReleaseEventKey = {
  date: string
  kind: (typeof RELEASE_CHANGES)[ReleaseChange]
  /** The announcement's id; the project's for a project withdrawal. */
  refId: number
}

type ReleaseEventQuery = {
  /** From this time on (inclusive). */
  since?: string
  /** Before this time (exclusive). */
  until?: string
  /** After this change (a keyset cursor), in the order (date, kind, refId). */
  after?: ReleaseEventKey
  offset?: number
  limit: number
}

const ARMS = [
  {
    kind: RELEASE_CHANGES.publication,
    table: 'projectAnnouncement',
    column: 'publishTime',
  },
  {
    kind: RELEASE_CHANGES.correction,
    table: 'projectAnnouncement',
    column: 'correctedAt',
  },
  {
    kind: RELEASE_CHANGES.withdrawal,
    table: 'projectAnnouncement',
    column: 'withdrawnAt',
  },
  {
    kind: RELEASE_CHANGES.projectWithdrawal,
    table: 'project',
    column: 'withdrawnAt',
  },
] as const

/** One kind of change as (kind, refId, date) rows in order, at most `limit` of them. */
function arm(
  db: Kysely<Database>,
  { kind, table, column }: (typeof ARMS)[number],
  { since, until, after, limit }: Omit<ReleaseEventQuery, 'offset'>,
) {
  let query = db
    .selectFrom(table)
    .select([
      sql<number>`${sql.lit(kind)}`.as('kind'),
      sql.ref<number>('id').as('refId'),
      sql.ref<string>(column).as('date'),
    ])
    .where(sql.ref(column), 'is not', null)
  if (since !== undefined) query = query.where(sql.ref(column), '>=', since)
  if (until !== undefined) query = query.where(sql.ref(column), '<', until)
  if (after) {
    // The keyset (date, kind, refId) with this arm's kind fixed.
    const date = sql.ref(column)
    if (kind < after.kind) query = query.where(date, '>', after.date)
    else if (kind > after.kind) query = query.where(date, '>=', after.date)
    else
      // The bound first, so that the index is read from it: (date, id) > (d, i).
      query = query
        .where(date, '>=', after.date)
        .where((eb) =>
          eb.or([eb(date, '>', after.date), eb('id', '>', after.refId)]),
        )
  }
  return db
    .selectFrom(
      query.orderBy(sql.ref(column)).orderBy('id').limit(limit).as('arm'),
    )
    .selectAll()
}

/**
 * The changes in the order (date, kind, refId): those from `since`, before `until`, after the
 * cursor `after`, skipping `offset`, at most `limit`. Each kind is read in index order and
 * stops after `offset + limit` rows; one statement.
 */
export async function pageReleaseEvents(
  db: Kysely<Database>,
  { offset = 0, ...query }: ReleaseEventQuery,
): Promise<ReleaseEventKey[]> {
  const each = { ...query, limit: offset + query.limit }
  const [first, ...others] = ARMS.map((a) => arm(db, a, each))
  const union = others.reduce((all, next) => all.unionAll(next), first!)
  const rows = await db
    .selectFrom(union.as('e'))
    .selectAll()
    .orderBy('e.date')
    .orderBy('e.kind')
    .orderBy('e.refId')
    .limit(query.limit)
    .offset(offset)
    .execute()
  return rows.map((row) => ({
    date: row.date,
    kind: Number(row.kind) as ReleaseEventKey['kind'],
    refId: Number(row.refId),
  }))
}

/** The first and last change's time, or null when there is none: two index ends per kind. */
export async function findReleaseTimeSpan(
  db: Kysely<Database>,
): Promise<{ first: string; last: string } | null> {
  const ends = await Promise.all(
    ARMS.map(async ({ table, column }) => {
      const ref = sql.ref<string>(column)
      const [first, last] = await Promise.all(
        (['asc', 'desc'] as const).map((direction) =>
          db
            .selectFrom(table)
            .select(ref.as('date'))
            .where(ref, 'is not', null)
            .orderBy(ref, direction)
            .limit(1)
            .executeTakeFirst(),
        ),
      )
      return { first: first?.date, last: last?.date }
    }),
  )
  const firsts = ends.flatMap((end) => (end.first ? [end.first] : []))
  const lasts = ends.flatMap((end) => (end.last ? [end.last] : []))
  if (firsts.length === 0) return null
  return { first: firsts.sort()[0]!, last: lasts.sort().at(-1)! }
}

const RELEASE_ANNOUNCEMENT_COLUMNS = [
  'id',
  'projectId',
  ...ANNOUNCEMENT_COLUMNS,
] as const

/** The attachments of `announcementIds`, in each announcement's order. */
function findAnnouncementFiles(
  db: Kysely<Database>,
  announcementIds: number[],
) {
  if (announcementIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('projectAnnouncementFile as af')
    .innerJoin('file', 'file.id', 'af.fileId')
    .where('af.announcementId', 'in', announcementIds)
    .select(ANNOUNCEMENT_FILE_COLUMNS)
    .orderBy('af.announcementId')
    .orderBy('af.sort')
    .execute()
}

/**
 * What the releases of a page name: the announcements (with their files) and the projects of
 * the announcements and of `projectIds`. Three statements, whatever the count.
 */
export async function findReleaseSubjects(
  db: Kysely<Database>,
  {
    announcementIds,
    projectIds,
  }: { announcementIds: number[]; projectIds: number[] },
) {
  const [announcements, files] = await Promise.all([
    announcementIds.length === 0
      ? []
      : db
          .selectFrom('projectAnnouncement')
          .select(RELEASE_ANNOUNCEMENT_COLUMNS)
          .where('id', 'in', announcementIds)
          .execute(),
    findAnnouncementFiles(db, announcementIds),
  ])
  const ids = [
    ...new Set([...projectIds, ...announcements.map((a) => a.projectId)]),
  ]
  const projects =
    ids.length === 0
      ? []
      : await db
          .selectFrom('project')
          .selectAll()
          .where('id', 'in', ids)
          .execute()
  return { projects, announcements, files }
}

/**
 * A project by its number with every announcement it ever had and their files, withdrawn ones
 * too: all its releases are made from them. Null when no project has the number.
 */
export async function findProjectReleaseSubjects(
  db: Kysely<Database>,
  code: string,
) {
  const project = await db
    .selectFrom('project')
    .selectAll()
    .where('code', '=', code)
    .executeTakeFirst()
  if (!project) return null
  const announcements = await db
    .selectFrom('projectAnnouncement')
    .select(RELEASE_ANNOUNCEMENT_COLUMNS)
    .where('projectId', '=', project.id)
    .orderBy('publishTime')
    .orderBy('id')
    .execute()
  const files = await findAnnouncementFiles(
    db,
    announcements.map((a) => a.id),
  )
  return { project, announcements, files }
}

export type ReleaseSubjects = Awaited<ReturnType<typeof findReleaseSubjects>>
export type ReleaseProjectRow = ReleaseSubjects['projects'][number]
export type ReleaseAnnouncementRow = ReleaseSubjects['announcements'][number]
export type ReleaseFileRow = ReleaseSubjects['files'][number]
