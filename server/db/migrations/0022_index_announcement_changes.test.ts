import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createMigrator, migrateToLatest } from '../database.ts'

const INDEXES = [
  'project_announcement_corrected_idx',
  'project_announcement_withdrawn_idx',
]

describe.each(testEngines)('migration 0022 on %s', (engine) => {
  let test: TestDatabase | undefined
  afterEach(async () => {
    await test?.destroy()
    test = undefined
  })

  it('adds the indexes of corrected and withdrawn announcements to an existing database, and is undone cleanly', async () => {
    test = await createTestDatabase(engine)
    const { db } = test
    const names = async () =>
      (engine === 'sqlite'
        ? await sql<{
            name: string
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'project_announcement'`.execute(
            db,
          )
        : await sql<{
            name: string
          }>`select indexname as name from pg_indexes where tablename = 'project_announcement'`.execute(
            db,
          )
      ).rows.map((row) => row.name)
    expect(await names()).toEqual(expect.arrayContaining(INDEXES))
    const down = await createMigrator(db).migrateTo(
      '0021_create_credit_records',
    )
    expect(down.error).toBeUndefined()
    expect(await names()).not.toEqual(expect.arrayContaining([INDEXES[0]]))
    expect(await names()).not.toEqual(expect.arrayContaining([INDEXES[1]]))
    await migrateToLatest(db)
    expect(await names()).toEqual(expect.arrayContaining(INDEXES))
  })
})
