import { afterEach, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createMigrator, migrateToLatest } from '../database.ts'

describe.each(testEngines)('migration 0018 on %s', (engine) => {
  let test: TestDatabase | undefined
  afterEach(async () => {
    await test?.destroy()
    test = undefined
  })

  it('adds an empty lease table to an existing database, one row per job, and is undone cleanly', async () => {
    test = await createTestDatabase(engine)
    const { db } = test
    const down = await createMigrator(db).migrateTo(
      '0017_add_project_corrections',
    )
    expect(down.error).toBeUndefined()
    await expect(
      db.selectFrom('jobLease').selectAll().execute(),
    ).rejects.toThrow()
    await migrateToLatest(db)

    expect(await db.selectFrom('jobLease').selectAll().execute()).toEqual([])
    const lease = {
      job: 'complaints:auto-accept',
      holder: 'a/1/x',
      expiresAt: 1,
    }
    await db.insertInto('jobLease').values(lease).execute()
    await expect(
      db
        .insertInto('jobLease')
        .values({ ...lease, holder: 'b/2/y' })
        .execute(),
    ).rejects.toThrow()
  })
})
