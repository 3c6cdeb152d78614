import type { Kysely } from 'kysely'

import { countArticles } from '#server/articles/article-repository.ts'
import {
  importPublishedContent,
  importUnclaimedContent,
  type PublishedEntry,
} from '#server/content/content-import.ts'
import { startOfShanghaiDay } from '#server/shared/publish-time.ts'
import type { FileStorage } from '#server/files/file-storage.ts'
import { saveFile } from '#server/files/save-file.ts'
import { cjkFontBytes } from '#server/files/cjk-font.ts'

import type { Database } from '#server/db/schema.ts'
import {
  createArticleGenerator,
  TEMPLATES_BY_CATEGORY,
} from './article-generator.ts'
import { seedDemoCreditRecords } from './credit-records.ts'
import { createCoverSvg, createDocx, createPdf } from './demo-documents.ts'
import { planDownloadItems } from './download-items.ts'
import { planPolicyArticles } from './policy-articles.ts'
import { seedDemoProjects, type ProjectSeedResult } from './seed-projects.ts'
import { seedDemoComplaints, type SeedLog } from './demo-complaints.ts'
import { siteLinkEntries } from './site-links.ts'
import type { AttachmentSpec, GeneratedArticle } from './template-context.ts'

const DAY_MS = 86_400_000
const MIME = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  svg: 'image/svg+xml',
}

/**
 * How many articles per category, and which days back from today must have one so that every
 * time preset of spec §9 (today, 7 days, 1/3/6/12 months) lists something. "All" is 1073+1001.
 */
const PLAN: { categoryId: number; count: number; recentDays: number[] }[] = [
  { categoryId: 1073, count: 26, recentDays: [0, 2, 6] },
  { categoryId: 1002, count: 24, recentDays: [0, 1, 3, 5] },
  { categoryId: 1001, count: 22, recentDays: [1, 4] },
]
const ROTATION_COUNT = 5
const OLDEST_DAYS = 425

type SeedResult = { articles: number; files: number } | null

/** How often one template may appear in the seeded set. */
export const MAX_TEMPLATE_USES = 3

type PlannedArticle = {
  categoryId: number
  time: Date
  /** Index of the template in TEMPLATES_BY_CATEGORY[categoryId]. */
  template: number
  isRotation: boolean
  article: GeneratedArticle
}

/**
 * The demo articles, oldest first, without touching the database: templates are cycled per
 * category, no template is used more than MAX_TEMPLATE_USES times, and no title repeats.
 */
export function planDemoArticles(now: Date): PlannedArticle[] {
  const today = startOfShanghaiDay(now)
  const generator = createArticleGenerator()
  const { random } = generator

  const planned = PLAN.flatMap(({ categoryId, count, recentDays }) =>
    Array.from({ length: count }, (_, i) => {
      const daysBack =
        recentDays[i] ?? 8 + Math.floor(random() * (OLDEST_DAYS - 8))
      // Office hours 09:00-18:59; today's article never lies in the future.
      let time = new Date(
        today.getTime() - daysBack * DAY_MS + (9 + random() * 10) * 3_600_000,
      )
      if (time > now)
        time = new Date(today.getTime() + (now.getTime() - today.getTime()) / 2)
      return { categoryId, time, variant: i }
    }),
  ).sort((a, b) => a.time.getTime() - b.time.getTime())

  const rotation = new Set(
    planned.filter((item) => item.categoryId === 1002).slice(-ROTATION_COUNT),
  )
  const seenTitles = new Set<string>()
  const uses = new Map<string, number>()
  // A title that differs from an earlier one only in its figures reads as a duplicate (a
  // template without a place in its title): draw it again, then try the following templates.
  const key = (title: string) => title.replace(/\d+/g, '#')

  return planned.map((item) => {
    const templates = TEMPLATES_BY_CATEGORY[item.categoryId]?.length ?? 1
    let chosen: { template: number; article: GeneratedArticle } | undefined
    for (let attempt = 0; !chosen && attempt < templates * 3; attempt++) {
      const template = (item.variant + Math.floor(attempt / 3)) % templates
      const used = uses.get(`${item.categoryId}:${template}`) ?? 0
      if (used >= MAX_TEMPLATE_USES) continue
      const article = generator.generate(item.categoryId, item.time, template)
      if (!seenTitles.has(key(article.title))) chosen = { template, article }
    }
    if (!chosen) throw new Error('Not enough demo article templates')
    seenTitles.add(key(chosen.article.title))
    const useKey = `${item.categoryId}:${chosen.template}`
    uses.set(useKey, (uses.get(useKey) ?? 0) + 1)
    return {
      categoryId: item.categoryId,
      time: item.time,
      template: chosen.template,
      isRotation: rotation.has(item),
      article: chosen.article,
    }
  })
}

/**
 * Demo projects, announcements and linkage records for a database without projects (also one
 * seeded before the project tables existed); null when projects exist.
 */
export async function seedDemoBusiness(
  db: Kysely<Database>,
  storage: FileStorage,
  options: { now?: Date } = {},
): Promise<ProjectSeedResult | null> {
  const now = options.now ?? new Date()
  const fontBytes = await cjkFontBytes()
  return db
    .transaction()
    .execute((trx) => seedDemoProjects(trx, storage, { now, fontBytes }))
}

/**
 * Demo content for a fresh install: articles (returns null when articles exist), through
 * seedDemoBusiness projects when there are none, complaints about them when there are none, and
 * credit records when there are none.
 */
export async function seedDemoContent(
  db: Kysely<Database>,
  storage: FileStorage,
  options: { now?: Date; log?: SeedLog } = {},
): Promise<SeedResult> {
  const now = options.now ?? new Date()
  await seedDemoBusiness(db, storage, { now })
  // Complaints about the demo projects go through the real lifecycle, each step its own
  // transaction; none if any exist.
  await seedDemoComplaints(db, storage, { now, log: options.log })
  // Credit records of invented parties, some past their six months; none if any exist.
  await db.transaction().execute((trx) => seedDemoCreditRecords(trx, now))
  if ((await countArticles(db)) > 0) return null
  const planned = planDemoArticles(now)
  const policies = planPolicyArticles(now)
  const downloads = planDownloadItems(now)
  const fontBytes = await cjkFontBytes()
  let files = 0

  await db.transaction().execute(async (trx) => {
    // Every article and policy is a content item whose revision 1 is published, written and
    // approved by the built-in system accounts: the console edits them like any other.
    const entries: PublishedEntry[] = []
    for (const { article, ...item } of planned) {
      let coverFileId: string | null = null
      const { isRotation } = item
      if (isRotation) {
        const svg = createCoverSvg(article.title, '新闻动态', 190 + files * 7)
        const cover = await saveFile(
          trx,
          storage,
          {
            name: `${article.title.slice(0, 30)}.svg`,
            mime: MIME.svg,
            bytes: Buffer.from(svg),
          },
          now,
        )
        coverFileId = cover.id
        files++
      }
      entries.push({
        kind: 'article',
        publishedAt: item.time,
        fields: {
          categoryId: item.categoryId,
          title: article.title,
          summary: '',
          content: article.content,
          source: article.source,
          author: article.author,
          coverFileId,
          isRotation,
          attachments: await attach(article.attachments ?? [], article.source),
        },
      })
    }
    // Policies and regulations (spec §9: 927, 928, 929, 1070), with their issuing body,
    // document number and date.
    for (const { attachments, ...policy } of policies)
      entries.push({
        kind: 'policy',
        publishedAt: policy.publishTime,
        fields: {
          categoryId: policy.categoryId,
          title: policy.title,
          summary: policy.summary,
          content: policy.content,
          source: policy.source,
          issuingBody: policy.source,
          documentNumber: policy.documentNumber,
          issuedDate: policy.issuedDate,
          effectiveDate: null,
          attachments: await attach(attachments, policy.source),
        },
      })
    // The download centre (1080): forms and guides, each file an attachment of its entry.
    for (const { attachments, ...item } of downloads)
      entries.push({
        kind: 'article',
        publishedAt: item.publishTime,
        fields: {
          categoryId: item.categoryId,
          title: item.title,
          summary: item.summary,
          content: item.content,
          source: item.source,
          author: '',
          coverFileId: null,
          isRotation: false,
          attachments: await attach(attachments, item.source),
        },
      })
    await importPublishedContent(trx, entries, now)
    // The home links, footer groups and dictionaries, unless the console has published them.
    await importUnclaimedContent(trx, siteLinkEntries(now), now)

    /** Makes and stores an article's PDF and Word attachments; returns their ids. */
    async function attach(specs: AttachmentSpec[], unit: string) {
      const ids: string[] = []
      for (const spec of specs) {
        const bytes =
          spec.kind === 'pdf'
            ? await createPdf(spec, fontBytes, unit)
            : await createDocx(spec)
        const saved = await saveFile(
          trx,
          storage,
          { name: spec.name, mime: MIME[spec.kind], bytes },
          now,
        )
        ids.push(saved.id)
      }
      files += ids.length
      return ids
    }
  })
  return {
    articles: planned.length + policies.length + downloads.length,
    files,
  }
}
