import { afterEach, describe, expect, it } from 'vitest'

import { createMigrator, migrateToLatest } from '#server/db/database.ts'
import { performComplaintAction } from './complaint-service.ts'
import { fileComplaint } from './file-complaint.ts'
import { createLogSmsSender } from '#server/shared/sms-sender.ts'
import { validatedFiling } from '#tests/complaint-test-data.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'

const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`)

// Migration 0027 (server/db/migrations): complaints filed and handled by the service that wrote them.
describe.each(testEngines)('migration 0027 on %s', (engine) => {
  let test: TestDatabase | undefined
  afterEach(async () => {
    await test?.destroy()
    test = undefined
  })

  it('stops the acceptance clock of a complaint already waiting for material, and undone gives its automatic acceptance back', async () => {
    test = await createTestDatabase(engine)
    const { db, storage } = test
    let clock = at('2026-09-29 09:00:00')
    const deps = {
      storage,
      sms: createLogSmsSender({ info() {} }),
      now: () => clock,
    }
    const waiting = await fileComplaint(
      db,
      deps,
      await validatedFiling(db, storage),
    )
    const untouched = await fileComplaint(
      db,
      deps,
      await validatedFiling(db, storage),
    )
    const staff = { kind: 'staff' as const, name: '赵科长' }
    clock = at('2026-09-30 10:00:00')
    for (const { complaintNo } of [waiting, untouched])
      await performComplaintAction(db, deps, complaintNo, 'sign', staff, {
        note: undefined,
        internalNote: undefined,
      })
    await performComplaintAction(
      db,
      deps,
      waiting.complaintNo,
      'request-material',
      staff,
      { items: '请补充投标保证金缴纳凭证。', workdays: 3 },
    )
    const clocks = () =>
      db
        .selectFrom('complaint')
        .select(['complaintNo', 'autoAcceptAt'])
        .where('complaintNo', 'in', [
          waiting.complaintNo,
          untouched.complaintNo,
        ])
        .orderBy('complaintNo')
        .execute()

    // Before this migration a 补正 request left the clock running: due 10-09, accepted on 10-10.
    expect(
      (await createMigrator(db).migrateTo('0026_create_project_release_log'))
        .error,
    ).toBeUndefined()
    expect(await clocks()).toEqual([
      { complaintNo: waiting.complaintNo, autoAcceptAt: '2026-10-10 00:00:00' },
      {
        complaintNo: untouched.complaintNo,
        autoAcceptAt: '2026-10-10 00:00:00',
      },
    ])

    await migrateToLatest(db)
    const rows = await db
      .selectFrom('complaint')
      .select([
        'complaintNo',
        'autoAcceptAt',
        'acceptanceStoppedAt',
        'acceptanceExcludedWorkdays',
      ])
      .where('complaintNo', 'in', [waiting.complaintNo, untouched.complaintNo])
      .orderBy('complaintNo')
      .execute()
    expect(rows).toEqual([
      {
        complaintNo: waiting.complaintNo,
        autoAcceptAt: null,
        acceptanceStoppedAt: '2026-09-30 10:00:00',
        acceptanceExcludedWorkdays: 0,
      },
      {
        complaintNo: untouched.complaintNo,
        autoAcceptAt: '2026-10-10 00:00:00',
        acceptanceStoppedAt: null,
        acceptanceExcludedWorkdays: 0,
      },
    ])
  })
})
