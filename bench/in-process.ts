import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'

import { createDatabase } from '#server/db/database.ts'
import type { Database } from '#server/db/schema.ts'

export type BenchDatabase = {
  db: Kysely<Database>
  cleanup: () => Promise<void>
}

export async function openBenchDatabase(
  engine: string,
  name: string,
): Promise<BenchDatabase> {
  if (engine !== 'postgres') {
    const dataDir = await mkdtemp(path.join(tmpdir(), `${name}-`))
    const db = await createDatabase({ dataDir })
    return {
      db,
      cleanup: async () => {
        await db.destroy()
        await rm(dataDir, { recursive: true, force: true })
      },
    }
  }
  const adminUrl =
    process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  // The pool createDatabase builds, with an error listener: an idle connection closed by the
  // server must not end the benchmark.
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 })
  pool.on('error', () => undefined)
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  })
  return {
    db,
    cleanup: async () => {
      await db.destroy()
      await admin.query(`drop database if exists ${name}`)
      await admin.end()
    },
  }
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

// After one run that warms caches and plans.
export async function timeRuns(work: () => Promise<unknown>, runs: number) {
  await work()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await work()
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)
}
