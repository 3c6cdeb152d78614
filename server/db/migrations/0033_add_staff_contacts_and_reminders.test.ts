import { afterEach, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createMigrator, migrateToLatest } from '../database.ts'

const BEFORE = '0032_add_revision_edited_at'

describe.each(testEngines)('migration 0033 on %s', (engine) => {
  let test: TestDatabase | undefined
  afterEach(async () => {
    await test?.destroy()
    test = undefined
  })

  it('gives every existing account no address, no number and the default reminder days, and is undone cleanly', async () => {
    test = await createTestDatabase(engine, { isEmpty: true })
    const { db } = test
    expect((await createMigrator(db).migrateTo(BEFORE)).error).toBeUndefined()
    await db
      .insertInto('staffAccount')
      .values({
        accountName: 'liu.handler',
        displayName: '刘办理',
        passwordHash: null,
        totpSecret: null,
        pendingTotpSecret: null,
        oidcSubject: null,
        lastFailedAt: null,
        lastFailedAddress: null,
        createdAt: '2026-11-01 09:00:00',
        updatedAt: '2026-11-01 09:00:00',
      } as never)
      .execute()

    await migrateToLatest(db)
    expect(
      await db
        .selectFrom('staffAccount')
        .select(['email', 'mobile', 'reminderDays'])
        .where('accountName', '=', 'liu.handler')
        .executeTakeFirstOrThrow(),
    ).toEqual({ email: null, mobile: null, reminderDays: '1,0' })
    for (const table of [
      'complaintReminder',
      'staffDigest',
      'mailOutbox',
      'staffContactCode',
    ] as const)
      expect(await db.selectFrom(table).selectAll().execute()).toEqual([])

    expect((await createMigrator(db).migrateTo(BEFORE)).error).toBeUndefined()
    const tables = await db.introspection.getTables()
    expect(tables.map((t) => t.name)).not.toContain('complaint_reminder')
    expect(
      tables
        .find((t) => t.name === 'staff_account')!
        .columns.map((c) => c.name),
    ).not.toContain('reminder_days')
    expect(
      await db
        .selectFrom('staffAccount')
        .select('displayName')
        .where('accountName', '=', 'liu.handler')
        .execute(),
    ).toEqual([{ displayName: '刘办理' }])
  })
})
