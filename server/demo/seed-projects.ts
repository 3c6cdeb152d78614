import { type Kysely } from 'kysely'

import { REGION_DICTIONARY_TYPE, REGIONS } from '#common/constants/trade.ts'
import {
  insertLinkage,
  insertLinkageFiles,
} from '#server/projects/linkage-repository.ts'
import {
  countProjects,
  insertAnnouncementFiles,
  insertAnnouncements,
  insertProject,
} from '#server/projects/project-repository.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { insertMissingDictionaryEntries } from '#server/site/site-repository.ts'
import { sanitizeArticleHtml } from '#server/articles/sanitize-article-html.ts'
import { type FileStorage } from '#server/files/file-storage.ts'
import { saveFile } from '#server/files/save-file.ts'
import { indexSearchDocuments } from '#server/search/search-index.ts'
import {
  announcementSearchDocument,
  projectSearchDocument,
} from '#server/projects/project-search-sources.ts'
import { type Database } from '#server/db/schema.ts'
import { createDocx, createPdf } from './demo-documents.ts'
import { planDemoLinkages } from './linkage-plan.ts'
import { planDemoProjects } from './project-plan.ts'
import { type AttachmentSpec } from './template-context.ts'

// The test setup seeds a SQLite and a PostgreSQL template with the same plan: the second
// reuses the documents of the first instead of generating them again.
const documents = new Map<string, Promise<Uint8Array>>()

function generate(spec: AttachmentSpec, fontBytes: Uint8Array, unit: string) {
  const key = JSON.stringify([spec, unit])
  let bytes = documents.get(key)
  if (!bytes) {
    bytes =
      spec.kind === 'pdf' ? createPdf(spec, fontBytes, unit) : createDocx(spec)
    documents.set(key, bytes)
    bytes.catch(() => documents.delete(key))
  }
  return bytes
}

const textOrNull = (date: Date | null) => (date ? toShanghaiText(date) : null)

const MIME = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}

export type ProjectSeedResult = {
  projects: number
  announcements: number
  linkages: number
  files: number
}

/**
 * Demo projects with every stage's announcement and its documents, linkage records, and the
 * region dictionary. Does nothing (returns null) when projects exist. Runs in the caller's
 * transaction.
 */
export async function seedDemoProjects(
  db: Kysely<Database>,
  storage: FileStorage,
  options: { now: Date; fontBytes: Uint8Array },
): Promise<ProjectSeedResult | null> {
  if ((await countProjects(db)) > 0) return null
  const { now, fontBytes } = options
  const stamp = toShanghaiText(now)
  const projects = planDemoProjects(now)
  const linkages = planDemoLinkages(projects, now)
  const result = { projects: 0, announcements: 0, linkages: 0, files: 0 }

  async function store(specs: AttachmentSpec[], unit: string) {
    const saved: string[] = []
    for (const spec of specs) {
      const bytes = await generate(spec, fontBytes, unit)
      const file = await saveFile(
        db,
        storage,
        { name: spec.name, mime: MIME[spec.kind], bytes },
        now,
      )
      saved.push(file.id)
      result.files++
    }
    return saved
  }

  const projectIds: number[] = []
  for (const project of projects) {
    const first = project.stages[0]!.time
    const row = {
      code: project.code,
      name: project.name,
      category: project.category,
      subType: project.subType,
      regionCode: project.regionCode,
      location: project.location,
      tenderer: project.tenderer,
      agency: project.agency,
      amount: project.amount,
      tradeMode: project.tradeMode,
      fundSource: project.fundSource,
      publishTime: toShanghaiText(first),
      registrationDeadline: textOrNull(project.schedule.registrationDeadline),
      openingTime: textOrNull(project.schedule.openingTime),
      createdAt: stamp,
      updatedAt: stamp,
    }
    const id = await insertProject(db, row)
    projectIds.push(id)
    const announcements = project.stages.map(({ stage, time, document }) => ({
      projectId: id,
      stage,
      title: document.title,
      content: sanitizeArticleHtml(document.content),
      publishTime: toShanghaiText(time),
      createdAt: stamp,
    }))
    const ids = await insertAnnouncements(db, announcements)
    // The project and its announcements are searchable in the same transaction.
    await indexSearchDocuments(db, [
      projectSearchDocument({ ...row, id }),
      ...announcements.map((a) =>
        announcementSearchDocument({ ...a, id: ids.get(a.stage)! }),
      ),
    ])
    for (const { stage, document } of project.stages) {
      const fileIds = await store(document.attachments, project.tenderer)
      await insertAnnouncementFiles(
        db,
        fileIds.map((fileId, sort) => ({
          announcementId: ids.get(stage)!,
          fileId,
          sort,
        })),
      )
    }
    result.projects++
    result.announcements += project.stages.length
  }

  for (const linkage of linkages) {
    const { projectIndex, attachments, publishTime, content, ...record } =
      linkage
    const id = await insertLinkage(db, {
      ...record,
      projectId: projectIds[projectIndex]!,
      content: sanitizeArticleHtml(content),
      publishTime: toShanghaiText(publishTime),
      createdAt: stamp,
    })
    const fileIds = await store(attachments, '自治区水利厅监督处')
    await insertLinkageFiles(
      db,
      fileIds.map((fileId, sort) => ({ linkageId: id, fileId, sort })),
    )
    result.linkages++
  }

  // A database whose projects were removed still has its regions.
  await insertMissingDictionaryEntries(
    db,
    REGIONS.map((region, sort) => ({
      type: REGION_DICTIONARY_TYPE,
      label: region.label,
      value: region.value,
      sort,
    })),
  )
  return result
}
