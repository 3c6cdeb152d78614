/**
 * Fills a database with many realistic articles for load and size benchmarks.
 *   node bench/generate-articles.ts [--count 100000] [--data-dir data/bench]
 * SQLite at <data-dir>/portal.db by default; PostgreSQL when DATABASE_URL is a postgres URL.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'

import { sql } from 'kysely'

import {
  prepareArticle,
  writeArticles,
} from '#server/articles/article-writer.ts'
import { createPortalApiService } from '#server/portal/portal-api-service.ts'
import {
  createDatabase,
  databaseEngine,
  migrateToLatest,
} from '#server/db/database.ts'
import { type NewArticle } from '#server/db/schema.ts'
import {
  createArticleGenerator,
  DEMO_CATEGORIES,
} from '#server/demo/article-generator.ts'

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    'data-dir': {
      type: 'string',
      default: process.env.DATA_DIR ?? path.join('data', 'bench'),
    },
  },
})
const count = Number(values.count)
// 1,000 rows × 14 columns stays under both engines' bound-parameter limits.
const BATCH = 1000
const SPAN_MS = 3 * 365 * 86_400_000

const db = await createDatabase({
  dataDir: values['data-dir'],
  databaseUrl: process.env.DATABASE_URL,
})
await migrateToLatest(db)
const generator = createArticleGenerator(Date.now() % 2 ** 31)
const now = Date.now()
const started = performance.now()
let written = 0

while (written < count) {
  const rows: NewArticle[] = []
  for (let i = 0; i < BATCH && written + rows.length < count; i++) {
    const categoryId = DEMO_CATEGORIES[
      Math.floor(generator.random() * DEMO_CATEGORIES.length)
    ] as number
    const publishTime = new Date(now - generator.random() * SPAN_MS)
    rows.push(
      prepareArticle({
        ...generator.generate(categoryId, publishTime),
        categoryId,
        publishTime,
      }),
    )
  }
  await db.transaction().execute((trx) => writeArticles(trx, rows))
  written += rows.length
  if (written % 10_000 === 0 || written === count) {
    const seconds = (performance.now() - started) / 1000
    console.log(`${written} articles, ${Math.round(written / seconds)} rows/s`)
  }
}
const seconds = (performance.now() - started) / 1000
console.log(
  `${databaseEngine(db)}: ${written} articles in ${seconds.toFixed(1)} s (${Math.round(written / seconds)} rows/s)`,
)

// Fresh statistics (and, on PostgreSQL, a visibility map for index-only counts) as a
// long-running database would have them from autovacuum.
await sql
  .raw(databaseEngine(db) === 'postgres' ? 'vacuum analyze article' : 'analyze')
  .execute(db)

// What a visitor waits for: the first and a deep page of the "all" tab, and a keyword search.
const api = createPortalApiService(db)
for (const [label, query] of [
  ['page 1 of 全部', { ctype: '1073,1001' }],
  ['page 500 of 全部', { ctype: '1073,1001', pageNo: 500 }],
  [
    'page 1 of 通知公告, last 3 months',
    {
      ctype: '1073',
      startTime:
        new Date(now - 90 * 86_400_000).toISOString().slice(0, 10) +
        ' 00:00:00',
    },
  ],
  ['keyword 除险加固', { ctype: '1073,1001', keyword: '除险加固' }],
] as const) {
  const t = performance.now()
  const page = await api.articlePageList({
    ptype: 'jd',
    pageNo: 1,
    pageSize: 10,
    ...query,
  })
  console.log(
    `${label}: ${page.Total} matches, ${(performance.now() - t).toFixed(1)} ms`,
  )
}
await db.destroy()
