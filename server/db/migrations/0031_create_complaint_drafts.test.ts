import { afterEach, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createMigrator, migrateToLatest } from '../database.ts'

describe.each(testEngines)('migration 0031 on %s', (engine) => {
  let test: TestDatabase | undefined
  afterEach(async () => {
    await test?.destroy()
    test = undefined
  })

  it('keeps a reply published before it on the public page, and is undone cleanly', async () => {
    test = await createTestDatabase(engine, { isEmpty: true })
    const { db } = test
    const down = await createMigrator(db).migrateTo('0030_one_filing_receipt')
    expect(down.error).toBeUndefined()
    expect(
      (await db.introspection.getTables()).map((t) => t.name),
    ).not.toContain('complaint_draft')
    await db
      .insertInto('complaintFeedback')
      .values({
        complaintId: null,
        name: '王小明',
        phone: '13712345678',
        title: '咨询投诉期限',
        content: '投诉期限如何计算？',
        createdAt: '2026-11-05 09:00:00',
        reply: '自知道或者应当知道之日起十日内。',
        repliedAt: '2026-11-05 10:00:00',
        isPublic: 1,
      } as never)
      .execute()

    await migrateToLatest(db)
    const row = await db
      .selectFrom('complaintFeedback')
      .selectAll()
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      isPublic: 1,
      isPublicationRequested: 0,
      replierId: null,
      approverName: null,
    })
    expect(await db.selectFrom('complaintDraft').selectAll().execute()).toEqual(
      [],
    )

    expect(
      (await createMigrator(db).migrateTo('0030_one_filing_receipt')).error,
    ).toBeUndefined()
    const columns = (await db.introspection.getTables())
      .find((t) => t.name === 'complaint_feedback')!
      .columns.map((c) => c.name)
    expect(columns).not.toContain('is_publication_requested')
    expect(columns).toContain('is_public')
  })
})
