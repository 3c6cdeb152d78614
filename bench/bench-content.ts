// Written through the content workflow's bulk import (importPublishedContent), as the portal
// writes it, so each bench measures the same kind of data.
import { type Kysely, sql } from 'kysely'

import {
  partyLabel,
  TRADE_CATEGORIES,
  TRADE_STAGES,
  type TradeStageKey,
} from '#common/constants/trade.ts'
import { type ProjectFields } from '#common/schemas/content/project-fields.ts'
import { type StageFacts } from '#common/schemas/content/stage-facts.ts'
import {
  importPublishedContent,
  type PublishedEntry,
} from '#server/content/content-import.ts'
import { databaseEngine } from '#server/db/database.ts'
import { type Database } from '#server/db/schema.ts'
import {
  createArticleGenerator,
  DEMO_CATEGORIES,
} from '#server/demo/article-generator.ts'
import { regionCodeOf } from '#server/demo/project-context.ts'
import { PROJECT_KINDS } from '#server/demo/project-kinds.ts'
import { createRandom, TemplateContext } from '#server/demo/template-context.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'

const DAY_MS = 86_400_000
// As a portal in service holds it.
const SPAN_MS = 3 * 365 * DAY_MS
// The import writes each table 500 rows a statement.
const ARTICLE_BATCH = 1000
const PROJECT_BATCH = 500

type ProgressReport = (written: number) => void

// Reproducible from the seed.
function* articleBatches(
  count: number,
  options: { seed: number; now: Date },
): Generator<PublishedEntry[]> {
  const generator = createArticleGenerator(options.seed)
  const now = options.now.getTime()
  for (let start = 0; start < count; start += ARTICLE_BATCH) {
    const batch: PublishedEntry[] = []
    for (let i = start; i < Math.min(count, start + ARTICLE_BATCH); i++) {
      const categoryId = DEMO_CATEGORIES[
        Math.floor(generator.random() * DEMO_CATEGORIES.length)
      ] as number
      const publishedAt = new Date(now - generator.random() * SPAN_MS)
      const article = generator.generate(categoryId, publishedAt)
      batch.push({
        kind: 'article',
        publishedAt,
        fields: {
          categoryId,
          title: article.title,
          // Empty: the writer takes the first sentences of the body, as for an editor's.
          summary: '',
          content: article.content,
          source: article.source,
          author: article.author,
          coverFileId: null,
          isRotation: false,
          attachments: [],
        },
      })
    }
    yield batch
  }
}

export async function writeGeneratedArticles(
  db: Kysely<Database>,
  count: number,
  options: { seed: number; now: Date; progress?: ProgressReport },
): Promise<number> {
  const started = performance.now()
  let written = 0
  for (const batch of articleBatches(count, options)) {
    await db.transaction().execute((trx) => importPublishedContent(trx, batch))
    written += batch.length
    options.progress?.(written)
  }
  return (performance.now() - started) / 1000
}

export type GeneratedProject = {
  fields: ProjectFields
  publishedAt: Date
  stages: {
    stage: TradeStageKey
    publishedAt: Date
    title: string
    content: string
    /** The stage's facts as data (supervision-bench.ts); absent: none. */
    facts?: StageFacts
  }[]
}

// Reproducible from the seed; numbered BENCH-<n> so they never clash with the demo's.
export function generateProjects(
  count: number,
  options: { seed: number; now: Date },
): GeneratedProject[] {
  const random = createRandom(options.seed)
  const now = options.now.getTime()
  const subTypes = TRADE_CATEGORIES.flatMap((category) =>
    category.subTypes.map((subType) => ({ category, subType })),
  )
  return Array.from({ length: count }, (_, i) => {
    const { category, subType } = subTypes[i % subTypes.length]!
    const first = now - random() * SPAN_MS
    const c = new TemplateContext(random, new Date(first))
    const kind = PROJECT_KINDS[subType.value]!(c)
    const isScheduled = category.value <= 2
    const amount =
      Math.round(
        (kind.price[0] + random() * (kind.price[1] - kind.price[0])) * 100,
      ) / 100
    const fields: ProjectFields = {
      code: `BENCH-${i + 1}`,
      name: kind.name,
      category: category.value,
      subType: subType.value,
      regionCode: (kind.regionCode ??
        regionCodeOf(c.pref)) as ProjectFields['regionCode'],
      location: kind.location ?? `${c.pref.name}${c.county}`,
      tenderer: kind.tenderer,
      agency: kind.agency ?? '',
      amount,
      tradeMode: kind.tradeMode as ProjectFields['tradeMode'],
      fundSource: kind.fundSource,
      registrationDeadline: isScheduled
        ? toShanghaiText(new Date(first + 14 * DAY_MS))
        : null,
      openingTime: isScheduled
        ? toShanghaiText(new Date(first + 24 * DAY_MS))
        : null,
    }
    const stages = category.stages
      .map((stage, n) => ({ stage, at: first + n * 5 * DAY_MS }))
      .filter(({ at }) => at <= now)
      .map(({ stage, at }) => {
        const label = TRADE_STAGES[stage]
        return {
          stage,
          publishedAt: new Date(at),
          title: `${fields.name}${label}`,
          content:
            `<p>${fields.name}（项目编号：${fields.code}）${label}。` +
            `交易类别：${category.label}（${subType.label}）；` +
            `${partyLabel(category.value)}：${fields.tenderer}；项目地点：${fields.location}；` +
            `交易方式：${fields.tradeMode}；资金来源：${fields.fundSource || '自筹'}；` +
            `项目金额：${amount}万元。</p>`,
        }
      })
    return { fields, publishedAt: new Date(first), stages }
  })
}

export async function writeGeneratedProjects(
  db: Kysely<Database>,
  projects: GeneratedProject[],
  options: { now: Date; progress?: ProgressReport },
): Promise<{ seconds: number; announcements: number }> {
  const started = performance.now()
  let announcements = 0
  for (let i = 0; i < projects.length; i += PROJECT_BATCH) {
    const batch = projects.slice(i, i + PROJECT_BATCH)
    await db.transaction().execute(async (trx) => {
      const ids = await importPublishedContent(
        trx,
        batch.map(({ fields, publishedAt }) => ({
          kind: 'project',
          publishedAt,
          fields,
        })),
        options.now,
      )
      const entries: PublishedEntry[] = batch.flatMap((project, j) =>
        project.stages.map((stage) => ({
          kind: 'announcement',
          publishedAt: stage.publishedAt,
          fields: {
            projectId: ids[j]!,
            stage: stage.stage,
            title: stage.title,
            content: stage.content,
            attachments: [],
            facts: stage.facts ?? null,
          },
        })),
      )
      await importPublishedContent(trx, entries, options.now)
      announcements += entries.length
    })
    options.progress?.(Math.min(projects.length, i + PROJECT_BATCH))
  }
  return { seconds: (performance.now() - started) / 1000, announcements }
}

export async function writeGeneratedContent(
  db: Kysely<Database>,
  options: {
    articles: number
    projects: number
    seed: number
    now: Date
    progress?: ProgressReport
  },
) {
  const { seed, now } = options
  const articleSeconds = await writeGeneratedArticles(db, options.articles, {
    seed,
    now,
    progress: options.progress,
  })
  const { seconds, announcements } =
    options.projects > 0
      ? await writeGeneratedProjects(
          db,
          generateProjects(options.projects, { seed: seed + 1, now }),
          { now },
        )
      : { seconds: 0, announcements: 0 }
  return { articleSeconds, projectSeconds: seconds, announcements }
}

// As a long-running database would have them from autovacuum (on PostgreSQL, with a visibility
// map for index-only counts).
export async function refreshStatistics(db: Kysely<Database>) {
  await sql
    .raw(databaseEngine(db) === 'postgres' ? 'vacuum analyze' : 'analyze')
    .execute(db)
}
