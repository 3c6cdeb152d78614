import { type Kysely } from 'kysely'

import {
  countArticles,
  insertArticle,
  insertArticleFiles,
} from '#server/content/article-repository.ts'
import { prepareArticle } from '#server/content/article-writer.ts'
import { startOfShanghaiDay } from '#server/content/publish-time.ts'
import { insertSiteLinks } from '#server/content/site-repository.ts'
import { type FileStorage } from '#server/files/file-storage.ts'
import { saveFile } from '#server/files/save-file.ts'
import { type Database } from './schema.ts'
import { createArticleGenerator } from './seed/article-generator.ts'
import {
  createCoverSvg,
  createDocx,
  createPdf,
  loadCjkFont,
} from './seed/demo-documents.ts'
import { siteLinkRows } from './seed/site-links.ts'

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

export type SeedResult = { articles: number; files: number } | null

/** Demo content for a fresh install; does nothing (returns null) when articles exist. */
export async function seedDemoContent(
  db: Kysely<Database>,
  storage: FileStorage,
  options: { now?: Date } = {},
): Promise<SeedResult> {
  if ((await countArticles(db)) > 0) return null
  const now = options.now ?? new Date()
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
  const fontBytes = await loadCjkFont()
  const seenTitles = new Set<string>()
  let files = 0

  await db.transaction().execute(async (trx) => {
    for (const item of planned) {
      // Templates without a varying part give the same title twice; try the next template.
      // A title that differs from an earlier one only in its figures reads as a duplicate
      // (a template without a place in its title); try another template instead.
      const key = (title: string) => title.replace(/\d+/g, '#')
      let article = generator.generate(item.categoryId, item.time, item.variant)
      for (
        let attempt = 1;
        seenTitles.has(key(article.title)) && attempt < 30;
        attempt++
      ) {
        article = generator.generate(item.categoryId, item.time)
      }
      seenTitles.add(key(article.title))

      let coverFileId: string | null = null
      const isRotation = rotation.has(item)
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
      const id = await insertArticle(
        trx,
        prepareArticle(
          {
            ...article,
            categoryId: item.categoryId,
            publishTime: item.time,
            coverFileId,
            isRotation,
          },
          now,
        ),
      )
      const attached: { articleId: number; fileId: string; sort: number }[] = []
      for (const [sort, spec] of (article.attachments ?? []).entries()) {
        const bytes =
          spec.kind === 'pdf'
            ? await createPdf(spec, fontBytes, article.source)
            : await createDocx(spec)
        const saved = await saveFile(
          trx,
          storage,
          { name: spec.name, mime: MIME[spec.kind], bytes },
          now,
        )
        attached.push({ articleId: id, fileId: saved.id, sort })
        files++
      }
      await insertArticleFiles(trx, attached)
    }
    await insertSiteLinks(trx, siteLinkRows())
  })
  return { articles: planned.length, files }
}
