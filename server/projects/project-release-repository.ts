import { type Kysely, sql } from 'kysely'

import type { Database } from '#server/db/schema.ts'

import {
  ANNOUNCEMENT_COLUMNS,
  ANNOUNCEMENT_FILE_COLUMNS,
} from './project-repository.ts'

// Each kind of change is read through its own index, so a page walks index entries from `since`
// on and reads rows only for what it returns.

// Numbered in the order changes of one time are listed.
export const RELEASE_CHANGES = {
  publication: 1,
  correction: 2,
  withdrawal: 3,
  projectWithdrawal: 4,
} as const
export type ReleaseChange = keyof typeof RELEASE_CHANGES

export type ReleaseEventKey = {
  date: string
  kind: (typeof RELEASE_CHANGES)[ReleaseChange]
  refId: number
}

type ReleaseEventQuery = {
  // Inclusive.
  since?: string
  // Exclusive.
  until?: string
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

// Each kind is read in index order and stops after `offset + limit` rows; one statement.
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

// Three statements, whatever the count.
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
