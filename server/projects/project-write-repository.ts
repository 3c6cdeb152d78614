import type { Kysely, Updateable } from 'kysely'

import { currentStageOf, type TradeStageKey } from '#common/constants/trade.ts'
import type {
  Database,
  NewProject,
  NewProjectAnnouncement,
  ProjectAnnouncementTable,
  ProjectTable,
} from '#server/db/schema.ts'

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

// Set-based: one statement for the latest flags, one read, and one update per distinct stage.
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

export async function insertAnnouncementImages(
  db: Kysely<Database>,
  rows: { announcementId: number; fileId: string }[],
): Promise<void> {
  if (rows.length > 0)
    await db.insertInto('projectAnnouncementImage').values(rows).execute()
}

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
