import { afterEach, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createMigrator, migrateToLatest } from '../database.ts'

describe.each(testEngines)('migration 0017 on %s', (engine) => {
  let test: TestDatabase | undefined
  afterEach(async () => {
    await test?.destroy()
    test = undefined
  })

  it('leaves the announcements and records of an existing database uncorrected, and is undone cleanly', async () => {
    test = await createTestDatabase(engine)
    const { db } = test
    const down = await createMigrator(db).migrateTo('0016_keep_review_trail')
    expect(down.error).toBeUndefined()
    await migrateToLatest(db)

    for (const table of ['projectAnnouncement', 'linkageRecord'] as const) {
      const rows = await db
        .selectFrom(table)
        .select(['correctedAt', 'correctionNote'])
        .execute()
      expect(rows.length).toBeGreaterThan(0)
      expect(
        rows.every(
          (row) => row.correctedAt === null && row.correctionNote === '',
        ),
      ).toBe(true)
    }
  })
})
