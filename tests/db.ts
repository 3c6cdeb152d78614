import { randomBytes } from 'node:crypto'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { type Kysely } from 'kysely'
import pg from 'pg'
import { inject } from 'vitest'

import {
  createDatabase,
  migrateToLatest,
  type DatabaseEngine,
} from '#server/db/database.ts'
import { type Database } from '#server/db/schema.ts'
import {
  createLocalFileStorage,
  type FileStorage,
} from '#server/files/file-storage.ts'

const config = inject('testDatabase')

export const testEngines: DatabaseEngine[] = config.postgres
  ? ['sqlite', 'postgres']
  : ['sqlite']

export const seededAt = new Date(config.seededAt)

export type TestDatabase = {
  db: Kysely<Database>
  storage: FileStorage
  dataDir: string
  databaseUrl?: string
  destroy(): Promise<void>
}

async function withAdmin<T>(
  adminUrl: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

// "database is being accessed by other users" (55006) clears within moments.
async function retryWhileInUse(run: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await run()
      return
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 30)
        throw error
      await new Promise((resolve) =>
        setTimeout(resolve, 100 + Math.random() * 200),
      )
    }
  }
}

function cloneTemplate(
  adminUrl: string,
  name: string,
  template: string,
): Promise<void> {
  // Two workers cloning at the same instant can find the template busy.
  return retryWhileInUse(() =>
    withAdmin(adminUrl, (client) =>
      client.query(`create database ${name} template ${template}`),
    ),
  )
}

export async function createTestDatabase(
  engine: DatabaseEngine,
  options: { isEmpty?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `portal-${engine}-`))
  const storage = createLocalFileStorage(path.join(dataDir, 'files'))
  if (engine === 'sqlite') {
    if (!options.isEmpty)
      await cp(config.sqliteTemplateDir, dataDir, { recursive: true })
    const db = await createDatabase({ dataDir })
    if (options.isEmpty) await migrateToLatest(db)
    return {
      db,
      storage,
      dataDir,
      async destroy() {
        await db.destroy()
        await rm(dataDir, { recursive: true, force: true })
      },
    }
  }
  const postgres = config.postgres
  if (!postgres) throw new Error('PostgreSQL is not available for tests')
  const name = `portal_test_${randomBytes(6).toString('hex')}`
  if (options.isEmpty) {
    await retryWhileInUse(() =>
      withAdmin(postgres.adminUrl, (client) =>
        client.query(`create database ${name}`),
      ),
    )
  } else {
    await cloneTemplate(postgres.adminUrl, name, postgres.templateName)
    await cp(postgres.templateDir, dataDir, { recursive: true })
  }
  const url = new URL(postgres.adminUrl)
  url.pathname = `/${name}`
  const db = await createDatabase({ dataDir, databaseUrl: url.toString() })
  if (options.isEmpty) await migrateToLatest(db)
  return {
    db,
    storage,
    dataDir,
    databaseUrl: url.toString(),
    async destroy() {
      await db.destroy()
      // Not WITH (FORCE): a pool connection still saying goodbye would die with an
      // unhandled "terminating connection" error; wait for it to leave instead.
      await retryWhileInUse(() =>
        withAdmin(postgres.adminUrl, (client) =>
          client.query(`drop database if exists ${name}`),
        ),
      )
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
