import { parseArgs } from 'node:util'

import { type Kysely } from 'kysely'

import { migrateToLatest } from '#server/db/database.ts'
import { type Database } from '#server/db/schema.ts'

import {
  type GeneratedProject,
  generateProjects,
  refreshStatistics,
  writeGeneratedProjects,
} from './bench-content.ts'
import { openBenchDatabase, percentile, timeRuns } from './in-process.ts'

export function parseProjectBenchArgs(defaultProjects: string) {
  const { values } = parseArgs({
    options: {
      projects: { type: 'string', default: defaultProjects },
      runs: { type: 'string', default: '30' },
      engines: { type: 'string', default: 'sqlite,postgres' },
    },
  })
  return {
    count: Number(values.projects),
    runs: Number(values.runs),
    engines: values.engines.split(','),
  }
}

async function fillWithProjects(
  db: Kysely<Database>,
  projects: GeneratedProject[],
  now: Date,
  adjust?: (db: Kysely<Database>) => Promise<void>,
) {
  await migrateToLatest(db)
  const { seconds, announcements } = await writeGeneratedProjects(
    db,
    projects,
    { now },
  )
  await adjust?.(db)
  await refreshStatistics(db)
  return { seconds, announcements }
}

export type TimedWork = [string, () => Promise<unknown>, boolean]

export type Timings = { results: string[]; failures: string[] }

// The same generated projects on every engine, so that their timings compare in one table.
export async function runProjectBench(
  { count, runs, engines }: { count: number; runs: number; engines: string[] },
  {
    database,
    now,
    adjust,
    column,
    metMessage,
  }: {
    database: string
    now: Date
    adjust?: (db: Kysely<Database>) => Promise<void>
    column: string
    metMessage: string
  },
  measure: (
    engine: string,
    db: Kysely<Database>,
    timings: Timings,
  ) => Promise<void>,
) {
  const rows = generateProjects(count, { seed: 20_261_124, now })
  const timings: Timings = { results: [], failures: [] }
  for (const engine of engines) {
    const { db, cleanup } = await openBenchDatabase(engine, database)
    const { seconds, announcements } = await fillWithProjects(
      db,
      rows,
      now,
      adjust,
    )
    console.log(
      `${engine}: ${count} projects, ${announcements} announcements written in ${seconds.toFixed(1)} s`,
    )
    await measure(engine, db, timings)
    await cleanup()
  }
  printTimings(timings, { count, runs, column }, metMessage)
}

export async function timeWork(
  engine: string,
  work: TimedWork[],
  { runs, budgetMs }: { runs: number; budgetMs: number },
  { results, failures }: Timings,
) {
  for (const [name, run, isBudgeted] of work) {
    const sorted = await timeRuns(run, runs)
    const [p50, p95] = [percentile(sorted, 50), percentile(sorted, 95)]
    results.push(
      `| ${engine} | ${name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`,
    )
    if (isBudgeted && p95 >= budgetMs)
      failures.push(
        `${engine} ${name}: p95 ${p95.toFixed(1)} ms (< ${budgetMs})`,
      )
  }
}

function printTimings(
  { results, failures }: Timings,
  { count, runs, column }: { count: number; runs: number; column: string },
  metMessage: string,
) {
  console.log(`\n${count} projects, ${runs} runs each (ms)\n`)
  console.log(`| engine | ${column} | p50 | p95 |`)
  console.log('| --- | --- | ---: | ---: |')
  for (const line of results) console.log(line)
  if (failures.length > 0) {
    console.log(`\nbudget missed:\n- ${failures.join('\n- ')}`)
    process.exitCode = 1
  } else console.log(metMessage)
}
