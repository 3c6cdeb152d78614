import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import { type TestProject } from 'vitest/node'

import { createDatabase, migrateToLatest } from '#server/db/database.ts'
import { seedDemoContent } from '#server/demo/seed.ts'
import { createLocalFileStorage } from '#server/files/file-storage.ts'

import { TEST_NOW } from './test-clock.ts'

export type TestDatabaseConfig = {
  /** When the templates were seeded (TEST_NOW): the seed's "now", for tests about recent articles. */
  seededAt: string
  sqliteTemplateDir: string
  postgres: {
    adminUrl: string
    templateName: string
    templateDir: string
  } | null
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseConfig
  }
}

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test'

async function isReachable(url: string): Promise<boolean> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 2000,
  })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/** Migrates and seeds one data dir (database + files) that every test file then copies. */
async function buildTemplate(
  dataDir: string,
  now: Date,
  databaseUrl?: string,
): Promise<void> {
  const db = await createDatabase({ dataDir, databaseUrl })
  try {
    await migrateToLatest(db)
    await seedDemoContent(
      db,
      createLocalFileStorage(path.join(dataDir, 'files')),
      { now },
    )
  } finally {
    await db.destroy()
  }
}

// Built once per run: migrating and seeding (PDFs with an embedded font) per test file would
// cost seconds each; copying a file or cloning a template database costs milliseconds.
export default async function setup(project: TestProject) {
  const started = performance.now()
  // A fixed instant, not the machine's date: the suite gives the same answers on any day.
  const now = TEST_NOW
  const root = await mkdtemp(path.join(os.tmpdir(), 'portal-test-'))
  const sqliteTemplateDir = path.join(root, 'sqlite-template')
  await buildTemplate(sqliteTemplateDir, now)

  const adminUrl = process.env.TEST_POSTGRES_URL ?? DEFAULT_POSTGRES_URL
  let postgres: TestDatabaseConfig['postgres'] = null
  // TEST_ENGINES=sqlite: the run with a moved clock (.ci/run), where PostgreSQL, another
  // process with the machine's real clock, would disagree with the tests about "now".
  const isSqliteOnly = process.env.TEST_ENGINES === 'sqlite'
  if (!isSqliteOnly && (await isReachable(adminUrl))) {
    const templateName = `portal_template_${process.pid}`
    const templateDir = path.join(root, 'postgres-template')
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`drop database if exists ${templateName}`)
    await admin.query(`create database ${templateName}`)
    await admin.end()
    const url = new URL(adminUrl)
    url.pathname = `/${templateName}`
    await buildTemplate(templateDir, now, url.toString())
    postgres = { adminUrl, templateName, templateDir }
  } else if (!isSqliteOnly && process.env.CI === 'true') {
    // In CI a missing PostgreSQL is a broken pipeline, not a reason to test less.
    throw new Error(
      `PostgreSQL is not reachable at ${adminUrl} (set TEST_POSTGRES_URL)`,
    )
  }

  project.provide('testDatabase', {
    seededAt: now.toISOString(),
    sqliteTemplateDir,
    postgres,
  })
  if (process.env.TEST_DB_TIMING) {
    process.stdout.write(
      `test database templates ready in ${Math.round(performance.now() - started)} ms\n`,
    )
  }

  return async () => {
    if (postgres) {
      const admin = new pg.Client({ connectionString: adminUrl })
      await admin.connect()
      await admin.query(
        `drop database if exists ${postgres.templateName} with (force)`,
      )
      await admin.end()
    }
    await rm(root, { recursive: true, force: true })
  }
}
