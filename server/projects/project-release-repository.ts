import type { Kysely } from 'kysely'
import { sql } from 'kysely'

import { databaseEngine } from '#server/db/database-engine.ts'
import type { Database } from '#server/db/schema.ts'

import {
  ANNOUNCEMENT_COLUMNS,
  ANNOUNCEMENT_FILE_COLUMNS,
} from './project-repository.ts'

// The release log (migration 0026, docs/decisions/0075-ocds-release-log.md): the writer
// (project-writer.ts) logs each public change of a project's announcements in the change's own
// transaction, with the rows as they then stood, so that what a release said never changes
// with a later correction. Read oldest first: by time, then in the order of writing.

// Numbered as the log stores them.
export const RELEASE_CHANGES = {
  publication: 1,
  correction: 2,
  withdrawal: 3,
  projectWithdrawal: 4,
  // A republication without the 更正 mark, or after a withdrawal.
  update: 5,
} as const
export type ReleaseChange = keyof typeof RELEASE_CHANGES

const CHANGE_OF = Object.fromEntries(
  Object.entries(RELEASE_CHANGES).map(([change, kind]) => [kind, change]),
) as Record<number, ReleaseChange>

export type ReleaseProject = {
  id: number
  code: string
  name: string
  category: number
  subType: number
  tenderer: string
  agency: string
  // 万元; PostgreSQL's numeric comes as text.
  amount: number | string
  tradeMode: string
  fundSource: string
  openingTime: string | null
  withdrawnAt?: string | null
  withdrawalReason?: string | null
}
export type ReleaseAnnouncement = {
  id: number
  projectId: number
  stage: string
  title: string
  content: string
  publishTime: string
  withdrawnAt?: string | null
  withdrawalReason?: string | null
  correctedAt?: string | null
  correctionNote?: string
  // The stage's facts as stored (StageFacts as JSON text); absent in what was logged before
  // they were, null where the announcement has none.
  facts?: string | null
}
export type ReleaseFile = { id: string; name: string; mime: string }

export type ReleaseSubject = {
  project: ReleaseProject
  announcement?: ReleaseAnnouncement
  files?: ReleaseFile[]
}

export type ReleaseLogEntry = {
  seq: number
  change: ReleaseChange
  refId: number
  date: string
  // The changes of one kind, subject and second are counted from 1.
  ordinal: number
  subject: ReleaseSubject
}

// Where a page ended.
export type ReleaseLogPosition = { date: string; seq: number }

const PROJECT_COLUMNS = [
  'id',
  'code',
  'name',
  'category',
  'subType',
  'tenderer',
  'agency',
  'amount',
  'tradeMode',
  'fundSource',
  'openingTime',
  'withdrawnAt',
  'withdrawalReason',
] as const

// The facts are logged with the text, so that a release states them as they were published.
const RELEASE_ANNOUNCEMENT_COLUMNS = [
  'id',
  'projectId',
  ...ANNOUNCEMENT_COLUMNS,
  'facts',
] as const

type LogRow = {
  seq: number
  kind: number
  refId: number
  date: string
  ordinal: number
  subject: string
}

const toEntry = (row: LogRow): ReleaseLogEntry => ({
  seq: Number(row.seq),
  change: CHANGE_OF[Number(row.kind)]!,
  refId: Number(row.refId),
  date: row.date,
  ordinal: Number(row.ordinal),
  subject: JSON.parse(row.subject) as ReleaseSubject,
})

const LOG_COLUMNS = [
  'seq',
  'kind',
  'refId',
  'date',
  'ordinal',
  'subject',
] as const

type ReleaseLogQuery = {
  // Inclusive.
  since?: string
  // Exclusive.
  until?: string
  after?: ReleaseLogPosition
  offset?: number
  limit: number
}

export async function pageReleaseLog(
  db: Kysely<Database>,
  { since, until, after, offset = 0, limit }: ReleaseLogQuery,
): Promise<ReleaseLogEntry[]> {
  let query = db.selectFrom('projectReleaseLog').select(LOG_COLUMNS)
  if (since !== undefined) query = query.where('date', '>=', since)
  if (until !== undefined) query = query.where('date', '<', until)
  if (after)
    // The bound first, so that the index is read from it: (date, seq) > (d, s).
    query = query
      .where('date', '>=', after.date)
      .where((eb) =>
        eb.or([eb('date', '>', after.date), eb('seq', '>', after.seq)]),
      )
  const rows = await query
    .orderBy('date')
    .orderBy('seq')
    .limit(limit)
    .offset(offset)
    .execute()
  return rows.map(toEntry)
}

export async function findProjectReleaseLog(
  db: Kysely<Database>,
  code: string,
): Promise<ReleaseLogEntry[]> {
  const rows = await db
    .selectFrom('projectReleaseLog')
    .select(LOG_COLUMNS)
    .where('projectCode', '=', code)
    .orderBy('date')
    .orderBy('seq')
    .execute()
  return rows.map(toEntry)
}

export async function findReleaseTimeSpan(
  db: Kysely<Database>,
): Promise<{ first: string; last: string } | null> {
  const [first, last] = await Promise.all(
    (['asc', 'desc'] as const).map((direction) =>
      db
        .selectFrom('projectReleaseLog')
        .select('date')
        .orderBy('date', direction)
        .limit(1)
        .executeTakeFirst(),
    ),
  )
  return first && last ? { first: first.date, last: last.date } : null
}

// A position as pages wrote it before the log (time, kind, id): the logged change it names.
export async function findLoggedPosition(
  db: Kysely<Database>,
  key: { date: string; kind: number; refId: number },
): Promise<ReleaseLogPosition> {
  const found = await db
    .selectFrom('projectReleaseLog')
    .select('seq')
    .where('refId', '=', key.refId)
    .where('kind', '=', key.kind)
    .where('date', '=', key.date)
    .orderBy('seq')
    .executeTakeFirst()
  // Unknown: from the start of its second, which may repeat a release but skips none.
  return { date: key.date, seq: found ? Number(found.seq) : 0 }
}

// What the portal has taken back since: the releases of these no longer show their texts.
export async function findTakenBack(
  db: Kysely<Database>,
  entries: ReleaseLogEntry[],
): Promise<{ projects: Set<number>; announcements: Set<number> }> {
  const projectIds = [...new Set(entries.map((e) => e.subject.project.id))]
  const announcementIds = [
    ...new Set(entries.flatMap((e) => e.subject.announcement?.id ?? [])),
  ]
  const [projects, announcements] = await Promise.all([
    projectIds.length === 0
      ? []
      : db
          .selectFrom('project')
          .select('id')
          .where('id', 'in', projectIds)
          .where('withdrawnAt', 'is not', null)
          .execute(),
    announcementIds.length === 0
      ? []
      : db
          .selectFrom('projectAnnouncement')
          .select('id')
          .where('id', 'in', announcementIds)
          .where('withdrawnAt', 'is not', null)
          .execute(),
  ])
  return {
    projects: new Set(projects.map((p) => p.id)),
    announcements: new Set(announcements.map((a) => a.id)),
  }
}

export type LoggedChange = {
  change: ReleaseChange
  // The announcement's id; the project's for its withdrawal.
  refId: number
  date: string
}

// One writer at a time on PostgreSQL, so that the log commits in the order of its numbers and a
// reader that has seen one never finds an earlier one later. SQLite writes one at a time anyway.
const LOG_LOCK = 7_260_026

// Inside the change's transaction, after its rows were written.
export async function logReleaseChanges(
  db: Kysely<Database>,
  changes: LoggedChange[],
): Promise<void> {
  if (changes.length === 0) return
  if (databaseEngine(db) === 'postgres')
    await sql`select pg_advisory_xact_lock(${LOG_LOCK})`.execute(db)
  const subjects = await readSubjects(db, changes)
  const rows = []
  for (const { change, refId, date } of changes) {
    const kind = RELEASE_CHANGES[change]
    const subject = subjects(change, refId)
    // A row gone meanwhile has nothing to state; the change's own write answers for it.
    if (!subject) continue
    rows.push({
      projectId: subject.project.id,
      projectCode: subject.project.code,
      kind,
      refId,
      date,
      ordinal:
        change === 'publication' ? 1 : await nextOrdinal(db, kind, refId, date),
      subject: JSON.stringify(subject),
    })
  }
  if (rows.length > 0)
    await db.insertInto('projectReleaseLog').values(rows).execute()
}

async function nextOrdinal(
  db: Kysely<Database>,
  kind: number,
  refId: number,
  date: string,
) {
  const { n } = await db
    .selectFrom('projectReleaseLog')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('refId', '=', refId)
    .where('kind', '=', kind)
    .where('date', '=', date)
    .executeTakeFirstOrThrow()
  return Number(n) + 1
}

async function readSubjects(db: Kysely<Database>, changes: LoggedChange[]) {
  const announcementIds = changes
    .filter((c) => c.change !== 'projectWithdrawal')
    .map((c) => c.refId)
  const [announcements, files] =
    announcementIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom('projectAnnouncement')
            .select(RELEASE_ANNOUNCEMENT_COLUMNS)
            .where('id', 'in', announcementIds)
            .execute(),
          db
            .selectFrom('projectAnnouncementFile as af')
            .innerJoin('file', 'file.id', 'af.fileId')
            .where('af.announcementId', 'in', announcementIds)
            .select(ANNOUNCEMENT_FILE_COLUMNS)
            .orderBy('af.announcementId')
            .orderBy('af.sort')
            .execute(),
        ])
  const projectIds = [
    ...new Set([
      ...changes
        .filter((c) => c.change === 'projectWithdrawal')
        .map((c) => c.refId),
      ...announcements.map((a) => a.projectId),
    ]),
  ]
  const projects = await db
    .selectFrom('project')
    .select(PROJECT_COLUMNS)
    .where('id', 'in', projectIds)
    .execute()
  const project = new Map(projects.map((p) => [p.id, p]))
  const announcement = new Map(announcements.map((a) => [a.id, a]))
  return (change: ReleaseChange, refId: number): ReleaseSubject | null => {
    if (change === 'projectWithdrawal') {
      const p = project.get(refId)
      return p ? { project: p } : null
    }
    const a = announcement.get(refId)
    const p = a && project.get(a.projectId)
    if (!a || !p) return null
    return {
      project: p,
      announcement: a,
      files: files
        .filter((file) => file.announcementId === refId)
        .map(({ id, name, mime }) => ({ id, name, mime })),
    }
  }
}
