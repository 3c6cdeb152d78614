import type { Kysely } from 'kysely'

import type { ProjectFields } from '#common/schemas/content/project-fields.ts'
import {
  importPublishedContent,
  importUnclaimedContent,
  type PublishedEntry,
} from '#server/content/content-import.ts'
import { countProjects } from '#server/projects/project-repository.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import type { FileStorage } from '#server/files/file-storage.ts'
import { saveFile } from '#server/files/save-file.ts'
import type { Database } from '#server/db/schema.ts'
import { createDocx, createPdf } from './demo-documents.ts'
import { planDemoLinkages } from './linkage-plan.ts'
import { planDemoProjects } from './project-plan.ts'
import { regionDictionaryEntry } from './site-links.ts'
import type { AttachmentSpec } from './template-context.ts'

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
 * region dictionary, published through the content workflow's bulk import. Does nothing (returns null) when projects exist. Runs in the caller's
 * transaction.
 */
export async function seedDemoProjects(
  db: Kysely<Database>,
  storage: FileStorage,
  options: { now: Date; fontBytes: Uint8Array },
): Promise<ProjectSeedResult | null> {
  if ((await countProjects(db)) > 0) return null
  const { now, fontBytes } = options
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

  // Every project, announcement and record is a content item whose revision 1 is published,
  // written and approved by the built-in system accounts: the console edits them like any
  // other. The projects first: their public ids are what the others name.
  const projectIds = await importPublishedContent(
    db,
    projects.map((project): PublishedEntry => ({
      kind: 'project',
      // The entry announcement's time: the project's own (the month of the statistics).
      publishedAt: project.stages[0]!.time,
      fields: {
        code: project.code,
        name: project.name,
        category: project.category,
        subType: project.subType,
        regionCode: project.regionCode as ProjectFields['regionCode'],
        location: project.location,
        tenderer: project.tenderer,
        agency: project.agency,
        amount: project.amount,
        tradeMode: project.tradeMode as ProjectFields['tradeMode'],
        fundSource: project.fundSource,
        registrationDeadline: textOrNull(project.schedule.registrationDeadline),
        openingTime: textOrNull(project.schedule.openingTime),
      },
    })),
    now,
  )

  const entries: PublishedEntry[] = []
  for (const [i, project] of projects.entries())
    for (const { stage, time, document, facts } of project.stages)
      entries.push({
        kind: 'announcement',
        publishedAt: time,
        fields: {
          projectId: projectIds[i]!,
          stage,
          title: document.title,
          content: document.content,
          attachments: await store(document.attachments, project.tenderer),
          facts,
        },
      })
  for (const linkage of linkages) {
    const { projectIndex, attachments, publishTime, ...record } = linkage
    entries.push({
      kind: 'linkage',
      publishedAt: publishTime,
      fields: {
        ...record,
        projectId: projectIds[projectIndex]!,
        attachments: await store(attachments, '自治区水利厅监督处'),
      },
    })
  }
  await importPublishedContent(db, entries, now)
  result.projects = projects.length
  result.announcements = entries.filter((e) => e.kind === 'announcement').length
  result.linkages = linkages.length

  // A database whose projects were removed still has its regions (an item of their own).
  await importUnclaimedContent(db, [regionDictionaryEntry(now)], now)
  return result
}
