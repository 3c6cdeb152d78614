// Budget: p95 of every kind at most 20 ms on each engine (exit 1 otherwise).
//   node bench/search-bench.ts [--count 100000] [--projects N/10] [--runs 5] [--engines sqlite,postgres]
// PostgreSQL: TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test).
import { parseArgs } from 'node:util'

import { type Kysely } from 'kysely'

import { migrateToLatest } from '#server/db/database.ts'
import { type Database } from '#server/db/schema.ts'
import { searchPageList } from '#server/search/search-service.ts'

import { refreshStatistics, writeGeneratedContent } from './bench-content.ts'
import { KEYWORD_KINDS, SEARCH_KEYWORDS } from './search-keywords.ts'
import { openBenchDatabase, percentile } from './in-process.ts'

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    projects: { type: 'string' },
    runs: { type: 'string', default: '5' },
    engines: { type: 'string', default: 'sqlite,postgres' },
  },
})
const count = Number(values.count)
// One project (with its announcements) to ten articles, as run-bench.ts fills the portal.
const projectCount = Number(values.projects ?? Math.round(count / 10))
const runs = Number(values.runs)
const BUDGET_P95_MS = 20
const now = new Date()

async function fill(db: Kysely<Database>) {
  await migrateToLatest(db)
  const { articleSeconds, projectSeconds, announcements } =
    await writeGeneratedContent(db, {
      articles: count,
      projects: projectCount,
      seed: 20_261_122,
      now,
    })
  await refreshStatistics(db)
  return {
    seconds: articleSeconds + projectSeconds,
    documents: count + projectCount + announcements,
  }
}

async function measure(db: Kysely<Database>) {
  const byKind = new Map(
    KEYWORD_KINDS.map((kind) => [
      kind,
      { times: [] as number[], totals: [] as number[] },
    ]),
  )
  for (const { kind, keyword } of SEARCH_KEYWORDS) {
    const entry = byKind.get(kind)!
    const request = { pageNo: 1, pageSize: 10, keyword }
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

const results: string[] = []
const failures: string[] = []
for (const engine of values.engines.split(',')) {
  const { db, cleanup } = await openBenchDatabase(engine, 'portal_search_bench')
  const { seconds, documents } = await fill(db)
  console.log(
    `${engine}: ${documents} documents (${count} articles, ${projectCount} projects and their announcements) written and indexed in ${seconds.toFixed(1)} s`,
  )
  for (const [kind, { times, totals }] of await measure(db)) {
    const sorted = times.sort((a, b) => a - b)
    const matches = totals.sort((a, b) => a - b)
    const [p50, p95] = [percentile(sorted, 50), percentile(sorted, 95)]
    const isOk = p95 <= BUDGET_P95_MS
    if (!isOk)
      failures.push(
        `${engine} ${kind}: p95 ${p95.toFixed(1)} ms (≤ ${BUDGET_P95_MS})`,
      )
    console.log(`  ${kind}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`)
    results.push(
      `| ${engine} | ${kind} | ${matches.length} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${matches[0]} / ${percentile(matches, 50)} / ${matches.at(-1)} | ${isOk ? 'ok' : 'FAIL'} |`,
    )
  }
  await cleanup()
}
console.log(
  `\nSearch latency over ${count} documents, ${runs} runs per keyword (ms), budget p95 ≤ ${BUDGET_P95_MS} ms\n`,
)
console.log(
  '| engine | keyword | keywords | p50 | p95 | matches min / median / max | budget |',
)
console.log('| --- | --- | ---: | ---: | ---: | --- | --- |')
for (const line of results) console.log(line)
if (failures.length > 0) {
  console.log(`\nbudget missed:\n- ${failures.join('\n- ')}`)
  process.exitCode = 1
} else
  console.log('\nevery kind of keyword is within the budget on every engine')
