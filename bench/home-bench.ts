/**
 * The home page's trading summary and the sorted project list at size: fills a fresh SQLite
 * file and a fresh PostgreSQL database with N generated projects, each with the first stages of
 * its tab set (about 100,000 announcements for the default 40,000 projects), dates spread over
 * three years around today, then times POST /Project/HomeSummary's work and two sorted,
 * filtered pages of POST /Project/PageList in process (no read cache), and prints p50/p95.
 *   node bench/home-bench.ts [--projects 40000] [--runs 30] [--engines sqlite,postgres]
 * Budget: the summary's p95 under 25 ms on each engine (exit 1 otherwise). PostgreSQL:
 * TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test) is used to create and
 * drop the database portal_home_bench.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'

import { currentStageOf, TRADE_CATEGORIES } from '#common/constants/trade.ts'
import { scheduleRange } from '#common/date-range.ts'
import { ProjectPageQuerySchema } from '#common/schemas/project.ts'
import {
  createDatabase,
  databaseEngine,
  migrateToLatest,
} from '#server/db/database.ts'
import { type Database } from '#server/db/schema.ts'
import { createRandom } from '#server/demo/template-context.ts'
import { createBusinessApiService } from '#server/projects/project-service.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '40000' },
    runs: { type: 'string', default: '30' },
    engines: { type: 'string', default: 'sqlite,postgres' },
  },
})
const count = Number(values.projects)
const runs = Number(values.runs)
const BATCH = 500
const DAY_MS = 86_400_000
const BUDGET_MS = 25

type Row = {
  project: Database['project'] extends infer T
    ? Omit<T, 'id' | 'currentStage'>
    : never
  stages: { stage: string; publishTime: string }[]
}

/** Projects of every category, the older ones concluded, the newer ones under way. */
function generate(): Row[] {
  const random = createRandom(20_261_124)
  const now = Date.now()
  const text = (time: number) => toShanghaiText(new Date(time))
  return Array.from({ length: count }, (_, i) => {
    const category = TRADE_CATEGORIES[i % TRADE_CATEGORIES.length]!
    const first = now - random() * 3 * 365 * DAY_MS + 60 * DAY_MS
    const stages = category.stages
      .map((stage, n) => ({
        stage,
        publishTime: text(first + n * 5 * DAY_MS),
      }))
      .filter((s) => s.publishTime <= text(now))
    const isTender = category.value <= 2
    const project = {
      code: `BENCH-${i}`,
      name: `基准测试项目${i}`,
      category: category.value,
      subType: category.subTypes[0].value,
      regionCode: '650100',
      location: '乌鲁木齐市',
      tenderer: '基准测试招标人',
      agency: '',
      amount: Math.round(random() * 10_000),
      tradeMode: '公开招标',
      fundSource: '',
      publishTime: stages[0]?.publishTime ?? text(first),
      registrationDeadline: isTender ? text(first + 14 * DAY_MS) : null,
      openingTime: isTender ? text(first + 24 * DAY_MS) : null,
      createdAt: text(now),
      updatedAt: text(now),
    }
    return { project, stages }
  })
}

async function fill(db: Kysely<Database>, rows: Row[]) {
  await migrateToLatest(db)
  const started = performance.now()
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH)
    await db.transaction().execute(async (trx) => {
      const ids = await trx
        .insertInto('project')
        .values(
          batch.map(({ project, stages }) => ({
            ...project,
            currentStage: currentStageOf(
              project.category,
              stages.map((s) => s.stage),
            ),
          })),
        )
        .returning(['id', 'code'])
        .execute()
      const idOf = new Map(ids.map((row) => [row.code, row.id]))
      const announcements = batch.flatMap(({ project, stages }) =>
        stages.map((s, n) => ({
          projectId: idOf.get(project.code)!,
          stage: s.stage,
          title: `${project.name}公告`,
          content: '<p>基准测试</p>',
          publishTime: s.publishTime,
          isLatest: n === stages.length - 1 ? 1 : 0,
          createdAt: project.createdAt,
        })),
      )
      if (announcements.length > 0)
        await trx
          .insertInto('projectAnnouncement')
          .values(announcements)
          .execute()
    })
  }
  await sql
    .raw(databaseEngine(db) === 'postgres' ? 'vacuum analyze' : 'analyze')
    .execute(db)
  const row = await db
    .selectFrom('projectAnnouncement')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return {
    seconds: (performance.now() - started) / 1000,
    announcements: Number(row.n),
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

async function time(work: () => Promise<unknown>) {
  await work()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await work()
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)
}

const rows = generate()
const results: string[] = []
const failures: string[] = []
for (const engine of values.engines.split(',')) {
  let db: Kysely<Database>
  let cleanup: () => Promise<void>
  if (engine === 'postgres') {
    const adminUrl =
      process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query('drop database if exists portal_home_bench with (force)')
    await admin.query('create database portal_home_bench')
    const url = new URL(adminUrl)
    url.pathname = '/portal_home_bench'
    const pool = new pg.Pool({ connectionString: url.toString(), max: 10 })
    pool.on('error', () => undefined)
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new CamelCasePlugin()],
    })
    cleanup = async () => {
      await db.destroy()
      await admin.query('drop database if exists portal_home_bench')
      await admin.end()
    }
  } else {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'home-bench-'))
    db = await createDatabase({ dataDir })
    cleanup = async () => {
      await db.destroy()
      await rm(dataDir, { recursive: true, force: true })
    }
  }
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
    const sorted = await time(run)
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
