import { afterEach, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createMigrator, migrateToLatest } from '../database.ts'

describe.each(testEngines)('migration 0021 on %s', (engine) => {
  let test: TestDatabase | undefined
  afterEach(async () => {
    await test?.destroy()
    test = undefined
  })

  it('adds an empty credit table to an existing database, and undoing it leaves no item, revision or search entry of the kind behind', async () => {
    test = await createTestDatabase(engine)
    const { db } = test
    // The template holds the demo records, each an item with its revision and search entry.
    const items = () =>
      db
        .selectFrom('contentItem')
        .select('id')
        .where('kind', '=', 'credit')
        .execute()
    const entries = () =>
      db
        .selectFrom('searchDocument')
        .select('id')
        .where('type', '=', 'credit')
        .execute()
    expect((await items()).length).toBeGreaterThan(0)
    expect((await entries()).length).toBe((await items()).length)

    const down = await createMigrator(db).migrateTo(
      '0019_order_search_index_by_time',
    )
    expect(down.error).toBeUndefined()
    await expect(
      db.selectFrom('creditRecord').selectAll().execute(),
    ).rejects.toThrow()
    expect(await items()).toEqual([])
    expect(await entries()).toEqual([])
    // The other content is untouched.
    expect(
      (await db.selectFrom('contentItem').select('id').execute()).length,
    ).toBeGreaterThan(0)

    await migrateToLatest(db)
    expect(await db.selectFrom('creditRecord').selectAll().execute()).toEqual(
      [],
    )
  })
})
