/**
 * The home page's trading summary and the sorted project list at size: fills a fresh SQLite
 * file and a fresh PostgreSQL database with N generated projects (bench-content.ts, through the
 * content import as the seed writes them), each with the first stages of its tab set (about
 * 124,000 announcements for the default 40,000 projects), first published over the last three
 * years, then times POST /Project/HomeSummary's work and two sorted, filtered pages of
 * POST /Project/PageList in process (no read cache), and prints p50/p95.
 *   node bench/home-bench.ts [--projects 40000] [--runs 30] [--engines sqlite,postgres]
 * Budget: the summary's p95 under 25 ms on each engine (exit 1 otherwise). PostgreSQL:
 * TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test) is used to create and
 * drop the database portal_home_bench.
 */
import { parseArgs } from 'node:util'

import { type Kysely, sql } from 'kysely'

import { scheduleRange } from '#common/date-range.ts'
import { ProjectPageQuerySchema } from '#common/schemas/project.ts'
import { databaseEngine, migrateToLatest } from '#server/db/database.ts'
import { type Database } from '#server/db/schema.ts'
import { createBusinessApiService } from '#server/projects/project-service.ts'

import {
  type GeneratedProject,
  generateProjects,
  writeGeneratedProjects,
} from './bench-content.ts'
import { openBenchDatabase, percentile, timeRuns } from './in-process.ts'

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '40000' },
    runs: { type: 'string', default: '30' },
    engines: { type: 'string', default: 'sqlite,postgres' },
  },
})
const count = Number(values.projects)
const runs = Number(values.runs)
const BUDGET_MS = 25
const now = new Date()

async function fill(db: Kysely<Database>, projects: GeneratedProject[]) {
  await migrateToLatest(db)
  const { seconds, announcements } = await writeGeneratedProjects(
    db,
    projects,
    { now },
  )
  await sql
    .raw(databaseEngine(db) === 'postgres' ? 'vacuum analyze' : 'analyze')
    .execute(db)
  return { seconds, announcements }
}

const rows = generateProjects(count, { seed: 20_261_124, now })
const results: string[] = []
const failures: string[] = []
for (const engine of values.engines.split(',')) {
  const { db, cleanup } = await openBenchDatabase(engine, 'portal_home_bench')
  const { seconds, announcements } = await fill(db, rows)
  console.log(
    `${engine}: ${count} projects, ${announcements} announcements written in ${seconds.toFixed(1)} s`,
  )
  const api = createBusinessApiService(db)
  const week = scheduleRange('week')
  const work: [string, () => Promise<unknown>][] = [
    ['home summary (12 statements)', () => api.projectHomeSummary({ size: 6 })],
    [
      "list: this week's openings, soonest first",
      () =>
        api.projectPageList(
          ProjectPageQuerySchema.parse({
            openingStart: week.startTime,
            openingEnd: week.endTime,
            sort: 'openingTime',
            order: 'asc',
          }),
        ),
    ],
    [
      'list: at bid notice, by registration deadline',
      () =>
        api.projectPageList(
          ProjectPageQuerySchema.parse({
            currentStage: 'bidNotice',
            sort: 'registrationDeadline',
            order: 'asc',
          }),
        ),
    ],
  ]
  for (const [name, run] of work) {
    const sorted = await timeRuns(run, runs)
    const [p50, p95] = [percentile(sorted, 50), percentile(sorted, 95)]
    results.push(
      `| ${engine} | ${name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`,
    )
    if (name.startsWith('home') && p95 >= BUDGET_MS)
      failures.push(
        `${engine} ${name}: p95 ${p95.toFixed(1)} ms (< ${BUDGET_MS})`,
      )
  }
  await cleanup()
}
console.log(`\n${count} projects, ${runs} runs each (ms)\n`)
console.log('| engine | query | p50 | p95 |')
console.log('| --- | --- | ---: | ---: |')
for (const line of results) console.log(line)
if (failures.length > 0) {
  console.log(`\nbudget missed:\n- ${failures.join('\n- ')}`)
  process.exitCode = 1
} else
  console.log(
    `\nthe home summary's p95 is under ${BUDGET_MS} ms on every engine`,
  )
