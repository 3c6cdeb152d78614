import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createMigrator, migrateToLatest } from '../database.ts'

describe.each(testEngines)('migration 0026 on %s', (engine) => {
  let test: TestDatabase | undefined
  afterEach(async () => {
    await test?.destroy()
    test = undefined
  })

  it('logs every change the rows of an older database show, oldest first, each as it stood, and is undone cleanly', async () => {
    test = await createTestDatabase(engine)
    const { db } = test
    const down = await createMigrator(db).migrateTo(
      '0025_record_staff_sign_in_failures',
    )
    expect(down.error).toBeUndefined()
    // Corrected, withdrawn, both, and a withdrawn project, some at the very time of another change.
    await sql`update project_announcement set corrected_at = publish_time, correction_note = '更正金额', content = '<p>更正后的正文</p>' where id % 9 = 0`.execute(
      db,
    )
    await sql`update project_announcement set withdrawn_at = publish_time, withdrawal_reason = '撤回' where id % 13 = 0`.execute(
      db,
    )
    await sql`update project set withdrawn_at = publish_time, withdrawal_reason = '暂缓' where id = (select min(id) from project)`.execute(
      db,
    )
    const count = async (where: string) =>
      Number(
        (
          await sql<{
            n: string | number
          }>`select count(*) as n from ${sql.raw(where)}`.execute(db)
        ).rows[0]!.n,
      )
    const announcements = await count('project_announcement')
    const corrected = await count(
      'project_announcement where corrected_at is not null',
    )
    const withdrawn = await count(
      'project_announcement where withdrawn_at is not null',
    )

    expect((await migrateToLatest(db)).error).toBeUndefined()
    const CHANGES = [
      '',
      'publication',
      'correction',
      'withdrawal',
      'projectWithdrawal',
    ] as const
    const log = (
      await db
        .selectFrom('projectReleaseLog')
        .selectAll()
        .orderBy('date')
        .orderBy('seq')
        .execute()
    ).map((row) => ({
      seq: Number(row.seq),
      date: row.date,
      change: CHANGES[row.kind]!,
      refId: row.refId,
      subject: JSON.parse(row.subject) as {
        project: Record<string, unknown>
        announcement?: Record<string, unknown>
      },
    }))
    expect(log).toHaveLength(announcements + corrected + withdrawn + 1)
    const order = log.map((e) => [e.date, e.change, e.refId])
    expect(log.map((e) => e.seq)).toEqual(
      [...log.map((e) => e.seq)].sort((a, b) => a - b),
    )
    expect(order).toEqual(
      [...log]
        .sort(
          (a, b) =>
            a.date.localeCompare(b.date) ||
            CHANGES.indexOf(a.change) - CHANGES.indexOf(b.change) ||
            a.refId - b.refId,
        )
        .map((e) => [e.date, e.change, e.refId]),
    )
    const both = log.find(
      (e) => e.change === 'withdrawal' && e.refId % 9 === 0,
    )!
    const ofBoth = log.filter(
      (e) => e.refId === both.refId && e.change !== 'projectWithdrawal',
    )
    expect(ofBoth.map((e) => e.change)).toEqual([
      'publication',
      'correction',
      'withdrawal',
    ])
    // Each as its change left it: nothing corrected or taken back before it was.
    const [publication, correction, withdrawal] = ofBoth.map(
      (e) => e.subject.announcement!,
    )
    expect(publication).toMatchObject({ correctedAt: null, withdrawnAt: null })
    expect(correction).toMatchObject({
      correctionNote: '更正金额',
      withdrawnAt: null,
    })
    expect(withdrawal).toMatchObject({ withdrawalReason: '撤回' })
    expect(log.filter((e) => e.change === 'projectWithdrawal')).toEqual([
      expect.objectContaining({
        subject: {
          project: expect.objectContaining({ withdrawalReason: '暂缓' }),
        },
      }),
    ])

    expect(
      (await createMigrator(db).migrateTo('0025_record_staff_sign_in_failures'))
        .error,
    ).toBeUndefined()
    expect((await migrateToLatest(db)).error).toBeUndefined()
  })
})
