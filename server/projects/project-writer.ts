import type { Kysely } from 'kysely'

import type {
  Database,
  NewLinkageRecord,
  NewProject,
  NewProjectAnnouncement,
} from '#server/db/schema.ts'
import {
  indexSearchDocuments,
  removeSearchDocuments,
} from '#server/search/search-index.ts'

import {
  insertLinkageFiles,
  insertLinkageImages,
  insertLinkages,
  replaceLinkageFiles,
  updateLinkage,
} from './linkage-repository.ts'
import {
  findAnnouncement,
  findAnnouncementStages,
  findPublicAnnouncementsOf,
  insertAnnouncementFiles,
  insertAnnouncementImages,
  insertAnnouncementRows,
  insertProjects,
  refreshProjectStages,
  replaceAnnouncementFiles,
  updateAnnouncement,
  updateProject,
} from './project-write-repository.ts'
import { logReleaseChanges } from './project-release-repository.ts'
import {
  announcementSearchDocument,
  projectSearchDocument,
} from './project-search-sources.ts'

// Pass a transaction: the rows, the project's latest announcement and current stage, the search
// index and the release log (what the OCDS releases are made of) change together. HTML arrives
// sanitized (the kinds' normalize).

type Withdrawal = { at: string; reason: string }
type Files = { attachments: string[]; images: string[] }

type Publication<Row> = {
  id: number | null
  row: Row
  isFirstPublication: boolean
}

// Returns the public announcements it indexed.
async function indexProject(db: Kysely<Database>, id: number, row: NewProject) {
  const announcements = await findPublicAnnouncementsOf(db, id)
  await indexSearchDocuments(db, [
    projectSearchDocument({ ...row, id }),
    ...announcements.map(announcementSearchDocument),
  ])
  return announcements
}

// Its announcements and records come back with it after a withdrawal.
export async function publishProject(
  db: Kysely<Database>,
  { id, row, isFirstPublication }: Publication<NewProject>,
): Promise<number> {
  if (id === null) {
    const [inserted] = await insertProjects(db, [row])
    await indexProject(db, inserted!, row)
    return inserted!
  }
  const { publishTime, createdAt: _created, ...changes } = row
  await updateProject(db, id, {
    ...changes,
    ...(isFirstPublication ? { publishTime } : {}),
    withdrawnAt: null,
    withdrawalReason: null,
  })
  await refreshProjectStages(db, [id])
  const stored = await db
    .selectFrom('project')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const shown = await indexProject(db, id, stored)
  // Every release states the project's fields: its announcements say them again as they now are.
  if (!isFirstPublication)
    await logReleaseChanges(
      db,
      shown.map((a) => ({ change: 'update', refId: a.id, date: publishTime })),
    )
  return id
}

export async function withdrawProject(
  db: Kysely<Database>,
  id: number,
  withdrawal: Withdrawal,
): Promise<void> {
  await updateProject(db, id, {
    withdrawnAt: withdrawal.at,
    withdrawalReason: withdrawal.reason,
    updatedAt: withdrawal.at,
  })
  await refreshProjectStages(db, [id])
  await logReleaseChanges(db, [
    { change: 'projectWithdrawal', refId: id, date: withdrawal.at },
  ])
  const announcements = await findAnnouncementStages(db, id)
  await removeSearchDocuments(db, [
    { type: 'project', refId: id },
    ...announcements.map((a) => ({
      type: 'announcement' as const,
      refId: a.id,
    })),
  ])
}

export async function publishProjects(
  db: Kysely<Database>,
  rows: NewProject[],
): Promise<number[]> {
  const ids = await insertProjects(db, rows)
  await indexSearchDocuments(
    db,
    rows.map((row, i) => projectSearchDocument({ ...row, id: ids[i]! })),
  )
  return ids
}

type AnnouncementRow = Omit<NewProjectAnnouncement, 'isLatest'>

export async function publishAnnouncement(
  db: Kysely<Database>,
  {
    id,
    row,
    isFirstPublication,
    files,
  }: Publication<AnnouncementRow> & {
    files: Files
  },
): Promise<number> {
  let announcementId = id
  if (announcementId === null)
    announcementId = (
      await insertAnnouncementRows(db, [{ ...row, isLatest: 0 }])
    )[0]!
  else {
    const { publishTime, createdAt: _created, ...changes } = row
    await updateAnnouncement(db, announcementId, {
      ...changes,
      ...(isFirstPublication ? { publishTime } : {}),
      withdrawnAt: null,
      withdrawalReason: null,
    })
  }
  await replaceAnnouncementFiles(db, announcementId!, files)
  await refreshProjectStages(db, [row.projectId])
  const stored = await findAnnouncement(db, announcementId!)
  await indexSearchDocuments(db, [announcementSearchDocument(stored!)])
  await logReleaseChanges(db, [
    id === null || isFirstPublication
      ? {
          change: 'publication',
          refId: announcementId!,
          date: stored!.publishTime,
        }
      : row.correctedAt
        ? {
            change: 'correction',
            refId: announcementId!,
            date: row.correctedAt,
          }
        : { change: 'update', refId: announcementId!, date: row.publishTime },
  ])
  return announcementId!
}

export async function withdrawAnnouncement(
  db: Kysely<Database>,
  id: number,
  withdrawal: Withdrawal,
): Promise<void> {
  await updateAnnouncement(db, id, {
    withdrawnAt: withdrawal.at,
    withdrawalReason: withdrawal.reason,
  })
  const stored = await findAnnouncement(db, id)
  if (stored) await refreshProjectStages(db, [stored.projectId])
  await removeSearchDocuments(db, [{ type: 'announcement', refId: id }])
  await logReleaseChanges(db, [
    { change: 'withdrawal', refId: id, date: withdrawal.at },
  ])
}

export async function publishAnnouncements(
  db: Kysely<Database>,
  entries: { row: AnnouncementRow; files: Files }[],
): Promise<number[]> {
  const ids = await insertAnnouncementRows(
    db,
    entries.map(({ row }) => ({ ...row, isLatest: 0 })),
  )
  await insertAnnouncementFiles(
    db,
    entries.flatMap(({ files }, i) =>
      files.attachments.map((fileId, sort) => ({
        announcementId: ids[i]!,
        fileId,
        sort,
      })),
    ),
  )
  await insertAnnouncementImages(
    db,
    entries.flatMap(({ files }, i) =>
      files.images.map((fileId) => ({ announcementId: ids[i]!, fileId })),
    ),
  )
  await refreshProjectStages(db, [
    ...new Set(entries.map(({ row }) => row.projectId)),
  ])
  await indexSearchDocuments(
    db,
    entries.map(({ row }, i) =>
      announcementSearchDocument({ ...row, id: ids[i]! }),
    ),
  )
  await logReleaseChanges(
    db,
    entries.map(({ row }, i) => ({
      change: 'publication',
      refId: ids[i]!,
      date: row.publishTime,
    })),
  )
  return ids
}

export async function publishLinkage(
  db: Kysely<Database>,
  {
    id,
    row,
    isFirstPublication,
    files,
  }: Publication<NewLinkageRecord> & {
    files: Files
  },
): Promise<number> {
  let linkageId = id
  if (linkageId === null) linkageId = (await insertLinkages(db, [row]))[0]!
  else {
    const { publishTime, createdAt: _created, ...changes } = row
    await updateLinkage(db, linkageId, {
      ...changes,
      ...(isFirstPublication ? { publishTime } : {}),
      withdrawnAt: null,
      withdrawalReason: null,
    })
  }
  await replaceLinkageFiles(db, linkageId!, files)
  return linkageId!
}

export async function withdrawLinkage(
  db: Kysely<Database>,
  id: number,
  withdrawal: Withdrawal,
): Promise<void> {
  await updateLinkage(db, id, {
    withdrawnAt: withdrawal.at,
    withdrawalReason: withdrawal.reason,
  })
}

export async function publishLinkages(
  db: Kysely<Database>,
  entries: { row: NewLinkageRecord; files: Files }[],
): Promise<number[]> {
  const ids = await insertLinkages(
    db,
    entries.map(({ row }) => row),
  )
  await insertLinkageFiles(
    db,
    entries.flatMap(({ files }, i) =>
      files.attachments.map((fileId, sort) => ({
        linkageId: ids[i]!,
        fileId,
        sort,
      })),
    ),
  )
  await insertLinkageImages(
    db,
    entries.flatMap(({ files }, i) =>
      files.images.map((fileId) => ({ linkageId: ids[i]!, fileId })),
    ),
  )
  return ids
}
