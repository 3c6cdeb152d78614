/**
 * Search latency at size: fills a fresh SQLite file and a fresh PostgreSQL database with N
 * generated articles (the seed's templates, written and indexed by writeArticles), then times
 * POST /Search/PageList's query (the service, in process, without the API's 10 s cache) for
 * realistic 1-, 2-, 4-character and multi-word keywords, and prints p50/p95 per kind.
 *   node bench/search-bench.ts [--count 100000] [--runs 15] [--engines sqlite,postgres]
 * PostgreSQL: TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test) is used to
 * create and drop the database portal_search_bench.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'

import {
  prepareArticle,
  writeArticles,
} from '#server/articles/article-writer.ts'
import {
  createDatabase,
  databaseEngine,
  migrateToLatest,
} from '#server/db/database.ts'
import { type Database, type NewArticle } from '#server/db/schema.ts'
import {
  createArticleGenerator,
  DEMO_CATEGORIES,
} from '#server/demo/article-generator.ts'
import { searchPageList } from '#server/search/search-service.ts'

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '15' },
    engines: { type: 'string', default: 'sqlite,postgres' },
  },
})
const count = Number(values.count)
const runs = Number(values.runs)
const BATCH = 1000
const SPAN_MS = 3 * 365 * 86_400_000

const QUERIES: {
  kind: string
  keyword: string
  type?: 'article' | 'policy'
}[] = [
  { kind: '1 character', keyword: '水' },
  { kind: '1 character', keyword: '闸' },
  { kind: '1 character', keyword: '渠' },
  { kind: '2 characters', keyword: '水库' },
  { kind: '2 characters', keyword: '招标' },
  { kind: '2 characters', keyword: '灌区' },
  { kind: '2 characters', keyword: '投诉' },
  { kind: '4 characters', keyword: '除险加固' },
  { kind: '4 characters', keyword: '安全度汛' },
  { kind: '4 characters', keyword: '评标专家' },
  { kind: 'multi-word', keyword: '水库 除险加固' },
  { kind: 'multi-word', keyword: '招标 投诉 处理' },
  { kind: 'multi-word', keyword: '灌区 节水 改造' },
  { kind: 'rare / none', keyword: '坎儿井' },
  { kind: 'rare / none', keyword: '不存在的关键字' },
]

function generateRows(): NewArticle[] {
  const generator = createArticleGenerator(20_261_122)
  const now = Date.now()
  const rows: NewArticle[] = []
  for (let i = 0; i < count; i++) {
    const categoryId = DEMO_CATEGORIES[i % DEMO_CATEGORIES.length] as number
    const publishTime = new Date(now - generator.random() * SPAN_MS)
    rows.push(
      prepareArticle({
        ...generator.generate(categoryId, publishTime),
        categoryId,
        publishTime,
      }),
    )
  }
  return rows
}

async function fill(db: Kysely<Database>, rows: NewArticle[]) {
  await migrateToLatest(db)
  const started = performance.now()
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .transaction()
      .execute((trx) => writeArticles(trx, rows.slice(i, i + BATCH)))
  const seconds = (performance.now() - started) / 1000
  await sql
    .raw(databaseEngine(db) === 'postgres' ? 'vacuum analyze' : 'analyze')
    .execute(db)
  return seconds
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

async function measure(db: Kysely<Database>) {
  const byKind = new Map<string, { times: number[]; totals: number[] }>()
  for (const query of QUERIES) {
    const entry = byKind.get(query.kind) ?? { times: [], totals: [] }
    byKind.set(query.kind, entry)
    const request = { pageNo: 1, pageSize: 10, keyword: query.keyword }
    const warm = await searchPageList(db, request)
    entry.totals.push(warm.Total)
    for (let i = 0; i < runs; i++) {
      // Page 1 mostly, and a deeper page now and then, as visitors page on.
      const pageNo = i % 5 === 4 ? 5 : 1
      const started = performance.now()
      await searchPageList(db, { ...request, pageNo })
      entry.times.push(performance.now() - started)
    }
  }
  return byKind
}

const rows = generateRows()
const results: string[] = []
for (const engine of values.engines.split(',')) {
  let db: Kysely<Database>
  let cleanup: () => Promise<void>
  if (engine === 'postgres') {
    const adminUrl =
      process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(
      'drop database if exists portal_search_bench with (force)',
    )
    await admin.query('create database portal_search_bench')
    const url = new URL(adminUrl)
    url.pathname = '/portal_search_bench'
    // The pool createDatabase builds, with an error listener: an idle connection closed by
    // the server must not end the benchmark.
    const pool = new pg.Pool({ connectionString: url.toString(), max: 10 })
    pool.on('error', () => undefined)
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new CamelCasePlugin()],
    })
    cleanup = async () => {
      await db.destroy()
      await admin.query('drop database if exists portal_search_bench')
      await admin.end()
    }
  } else {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'search-bench-'))
    db = await createDatabase({ dataDir })
    cleanup = async () => {
      await db.destroy()
      await rm(dataDir, { recursive: true, force: true })
    }
  }
  const seconds = await fill(db, rows)
  console.log(
    `${engine}: ${count} documents written and indexed in ${seconds.toFixed(1)} s`,
  )
  for (const [kind, { times, totals }] of await measure(db)) {
    const sorted = times.sort((a, b) => a - b)
    console.log(`  ${kind}: p50 ${percentile(sorted, 50).toFixed(1)} ms`)
    results.push(
      `| ${engine} | ${kind} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${totals.join(', ')} |`,
    )
  }
  await cleanup()
}
console.log(
  `\nSearch latency over ${count} documents, ${runs} runs per keyword (ms)\n`,
)
console.log('| engine | keyword | p50 | p95 | matches per keyword |')
console.log('| --- | --- | ---: | ---: | --- |')
for (const line of results) console.log(line)
