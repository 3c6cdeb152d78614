import type { Kysely } from 'kysely'

import { databaseEngine } from '../database-engine.ts'

// The release log (docs/decisions/0075-ocds-release-log.md): every public change of a project's
// announcements, as the rows stood when it was made, written by the publishers in the change's
// own transaction. The OCDS releases are made from it, so a correction never alters what an
// earlier release said.
//
// `kind`: 1 publication, 2 correction, 3 withdrawal, 4 the project's withdrawal, 5 a
// republication (without the 更正 mark, or after a withdrawal). `ordinal` counts the changes of
// one kind, subject and second, so that each still gets an id of its own. `subject` is JSON:
// the project, the announcement and its files as they stood.
//
// Databases made before it get the changes their rows still show, oldest first, as the releases
// were made until now: the texts as they stand are the best record left of them.

const BATCH = 200

type Key = { date: string; kind: number; refId: number }

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  const serialType = databaseEngine(db) === 'postgres' ? 'serial' : 'integer'
  await db.schema
    .createTable('project_release_log')
    .addColumn('seq', serialType, (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('project_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('date', 'varchar(19)', (c) => c.notNull())
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('subject', 'text', (c) => c.notNull())
    .execute()
  // Pages and bulk files: oldest first, the order of writing within a second.
  await db.schema
    .createIndex('project_release_log_date_idx')
    .on('project_release_log')
    .columns(['date', 'seq'])
    .execute()
  // A record: one process's releases.
  await db.schema
    .createIndex('project_release_log_code_idx')
    .on('project_release_log')
    .columns(['project_code', 'date', 'seq'])
    .execute()
  // Whether a change is logged, and the next ordinal of one.
  await db.schema
    .createIndex('project_release_log_subject_idx')
    .on('project_release_log')
    .columns(['ref_id', 'kind', 'date'])
    .execute()
  await backfill(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
async function backfill(db: Kysely<any>) {
  const announcements = await db
    .selectFrom('project_announcement')
    .select(['id', 'publishTime', 'correctedAt', 'withdrawnAt'])
    .execute()
  const projects = await db
    .selectFrom('project')
    .select(['id', 'withdrawnAt'])
    .where('withdrawnAt', 'is not', null)
    .execute()
  const keys: Key[] = [
    ...announcements.flatMap((a) => [
      { date: a.publishTime, kind: 1, refId: a.id },
      ...(a.correctedAt ? [{ date: a.correctedAt, kind: 2, refId: a.id }] : []),
      ...(a.withdrawnAt ? [{ date: a.withdrawnAt, kind: 3, refId: a.id }] : []),
    ]),
    ...projects.map((p) => ({ date: p.withdrawnAt, kind: 4, refId: p.id })),
  ].sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      a.kind - b.kind ||
      a.refId - b.refId,
  )
  for (let i = 0; i < keys.length; i += BATCH)
    await logBatch(db, keys.slice(i, i + BATCH))
}

// Camel case, as the database's CamelCasePlugin gives them (the snapshot is read as the rows are).
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
]

const ANNOUNCEMENT_COLUMNS = [
  'id',
  'projectId',
  'stage',
  'title',
  'content',
  'publishTime',
  'withdrawnAt',
  'withdrawalReason',
  'correctedAt',
  'correctionNote',
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of a migration's query
type Row = Record<string, any>

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
async function logBatch(db: Kysely<any>, keys: Key[]) {
  const announcementIds = keys.filter((k) => k.kind !== 4).map((k) => k.refId)
  const announcements =
    announcementIds.length === 0
      ? []
      : await db
          .selectFrom('project_announcement')
          .select(ANNOUNCEMENT_COLUMNS)
          .where('id', 'in', announcementIds)
          .execute()
  const files =
    announcementIds.length === 0
      ? []
      : await db
          .selectFrom('project_announcement_file as af')
          .innerJoin('file', 'file.id', 'af.fileId')
          .select(['af.announcementId', 'file.id', 'file.name', 'file.mime'])
          .where('af.announcementId', 'in', announcementIds)
          .orderBy('af.announcementId')
          .orderBy('af.sort')
          .execute()
  const projectIds = [
    ...new Set([
      ...keys.filter((k) => k.kind === 4).map((k) => k.refId),
      ...announcements.map((a) => a.projectId),
    ]),
  ]
  const projects = await db
    .selectFrom('project')
    .select(PROJECT_COLUMNS)
    .where('id', 'in', projectIds)
    .execute()
  const projectById = new Map<number, Row>(projects.map((p) => [p.id, p]))
  const announcementById = new Map<number, Row>(
    announcements.map((a) => [a.id, a]),
  )
  const unwithdrawn = { withdrawnAt: null, withdrawalReason: null }
  const rows = keys.map(({ date, kind, refId }) => {
    if (kind === 4) {
      const project = projectById.get(refId)!
      return row(project, kind, refId, date, { project })
    }
    const a = announcementById.get(refId)!
    const project: Row = { ...projectById.get(a.projectId), ...unwithdrawn }
    // Each change as the rows show it: nothing taken back before it, and a publication before
    // its correction.
    const announcement =
      kind === 1
        ? { ...a, ...unwithdrawn, correctedAt: null, correctionNote: '' }
        : kind === 2
          ? { ...a, ...unwithdrawn }
          : a
    return row(project, kind, refId, date, {
      project,
      announcement,
      files: files
        .filter((f) => f.announcementId === refId)
        .map(({ id, name, mime }) => ({ id, name, mime })),
    })
  })
  await db.insertInto('project_release_log').values(rows).execute()
}

function row(
  project: Row,
  kind: number,
  refId: number,
  date: string,
  subject: object,
) {
  return {
    project_id: project.id,
    project_code: project.code,
    kind,
    ref_id: refId,
    date,
    ordinal: 1,
    subject: JSON.stringify(subject),
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('project_release_log').execute()
}
