import { afterEach, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createMigrator, migrateToLatest } from '../database.ts'

describe.each(testEngines)('migration 0020 on %s', (engine) => {
  let test: TestDatabase | undefined
  afterEach(async () => {
    await test?.destroy()
    test = undefined
  })

  it('adds empty saved-search tables to an existing database, one search per address, deliveries going with their subscription, and is undone cleanly', async () => {
    test = await createTestDatabase(engine)
    const { db } = test
    const down = await createMigrator(db).migrateTo(
      '0019_order_search_index_by_time',
    )
    expect(down.error).toBeUndefined()
    await expect(
      db.selectFrom('alertSubscription').selectAll().execute(),
    ).rejects.toThrow()
    await migrateToLatest(db)

    expect(
      await db.selectFrom('alertSubscription').selectAll().execute(),
    ).toEqual([])
    const row = {
      uid: 'u'.repeat(22),
      email: 'li@example.com',
      filterKey: 'search|||||水库',
      scope: 'search',
      keyword: '水库',
      frequency: 'daily',
      confirmedAt: '2026-11-24 10:00:00',
      confirmNonce: null,
      confirmFrequency: null,
      confirmExpiresAt: null,
      mailAskedAt: null,
      mailDueAt: null,
      createdAt: '2026-11-24 09:00:00',
    }
    await db.insertInto('alertSubscription').values(row).execute()
    await expect(
      db
        .insertInto('alertSubscription')
        .values({ ...row, uid: 'v'.repeat(22) })
        .execute(),
    ).rejects.toThrow()
    const { id } = await db
      .selectFrom('alertSubscription')
      .select('id')
      .executeTakeFirstOrThrow()
    const delivery = {
      subscriptionId: id,
      itemType: 'article',
      itemRefId: 7,
      state: 'pending',
      dueAt: '2026-11-24 10:00:00',
      createdAt: '2026-11-24 10:00:00',
    }
    await db.insertInto('alertDelivery').values(delivery).execute()
    // The same item twice for one subscription: refused by the table itself.
    await expect(
      db.insertInto('alertDelivery').values(delivery).execute(),
    ).rejects.toThrow()
    await db.deleteFrom('alertSubscription').where('id', '=', id).execute()
    expect(await db.selectFrom('alertDelivery').selectAll().execute()).toEqual(
      [],
    )

    const undone = await createMigrator(db).migrateTo(
      '0019_order_search_index_by_time',
    )
    expect(undone.error).toBeUndefined()
    await expect(
      db.selectFrom('alertItem').selectAll().execute(),
    ).rejects.toThrow()
  })
})
