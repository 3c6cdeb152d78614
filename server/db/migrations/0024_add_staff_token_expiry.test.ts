import { afterEach, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createMigrator, migrateToLatest } from '../database.ts'

const DAY = 24 * 3600_000

describe.each(testEngines)('migration 0024 on %s', (engine) => {
  let test: TestDatabase | undefined
  afterEach(async () => {
    await test?.destroy()
    test = undefined
  })

  it('gives a token made before it 90 days from the migration, no last use, and is undone cleanly', async () => {
    test = await createTestDatabase(engine)
    const { db } = test
    const down = await createMigrator(db).migrateTo(
      '0023_drop_article_search_text',
    )
    expect(down.error).toBeUndefined()
    const owner = await db
      .selectFrom('staffAccount')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    // Made a year before: it still gets the whole 90 days, not an expiry in the past.
    await db
      .insertInto('staffApiToken')
      .values({
        tokenHash: 'a'.repeat(64),
        accountId: owner.id,
        name: '旧令牌',
        roles: '投诉处理',
        createdAt: '2025-12-01 09:00:00',
        revokedAt: null,
      } as never)
      .execute()

    // The test's clock stands beside the database's, which the migration reads.
    const before = Date.now()
    await migrateToLatest(db)
    const after = Date.now()
    const token = await db
      .selectFrom('staffApiToken')
      .selectAll()
      .where('name', '=', '旧令牌')
      .executeTakeFirstOrThrow()
    expect(token.lastUsedAt).toBeNull()
    const expiresAt = Number(token.expiresAt)
    expect(expiresAt).toBeGreaterThanOrEqual(before + 90 * DAY - 2_000)
    expect(expiresAt).toBeLessThanOrEqual(after + 90 * DAY + 2_000)

    expect(
      (await createMigrator(db).migrateTo('0023_drop_article_search_text'))
        .error,
    ).toBeUndefined()
    const undone = await db
      .selectFrom('staffApiToken')
      .selectAll()
      .where('name', '=', '旧令牌')
      .executeTakeFirstOrThrow()
    expect(Object.keys(undone)).not.toContain('expiresAt')
    expect(Object.keys(undone)).not.toContain('lastUsedAt')
    await migrateToLatest(db)
  })
})
