import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createMigrator, migrateToLatest } from '../database.ts'

describe.each(testEngines)('migration 0023 on %s', (engine) => {
  let test: TestDatabase | undefined
  afterEach(async () => {
    await test?.destroy()
    test = undefined
  })

  it('drops the unread words column of the articles and keeps every article, and is undone cleanly', async () => {
    test = await createTestDatabase(engine)
    const { db } = test
    const columns = async () =>
      (engine === 'sqlite'
        ? await sql<{
            name: string
          }>`select name from pragma_table_info('article')`.execute(db)
        : await sql<{
            name: string
          }>`select column_name as name from information_schema.columns where table_name = 'article'`.execute(
            db,
          )
      ).rows.map((row) => row.name)
    const articles = async () =>
      (
        await sql<{
          id: number
          title: string
        }>`select id, title from article order by id`.execute(db)
      ).rows

    const before = await articles()
    expect(before.length).toBeGreaterThan(0)
    expect(await columns()).not.toContain('search_text')

    const down = await createMigrator(db).migrateTo(
      '0022_index_announcement_changes',
    )
    expect(down.error).toBeUndefined()
    expect(await columns()).toContain('search_text')
    expect(await articles()).toEqual(before)

    await migrateToLatest(db)
    expect(await columns()).not.toContain('search_text')
    expect(await articles()).toEqual(before)
  })
})
