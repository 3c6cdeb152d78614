import { afterEach, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createMigrator, migrateToLatest } from '../database.ts'

const at = '2025-05-06 10:00:00'

describe.each(testEngines)('migration 0009 on %s', (engine) => {
  let test: TestDatabase | undefined
  afterEach(async () => {
    await test?.destroy()
    test = undefined
  })

  it('gives the projects of an existing database their current stage, and empty dates', async () => {
    test = await createTestDatabase(engine, { isEmpty: true })
    const { db } = test
    // Back to the schema before this migration (later ones are undone first).
    const down = await createMigrator(db).migrateTo('0008_create_file_access')
    expect(down.error).toBeUndefined()
    expect(down.results?.at(-1)?.migrationName).toBe(
      '0009_add_project_schedule',
    )

    // Rows as they were written before the columns existed.
    const project = (code: string, category: number) => ({
      code,
      name: code,
      category,
      subType: category * 100 + 1,
      regionCode: '650100',
      location: '乌鲁木齐市',
      tenderer: '招标人',
      agency: '',
      fundSource: '',
      amount: 10,
      tradeMode: '公开招标',
      publishTime: at,
      createdAt: at,
      updatedAt: at,
    })
    const ids: Record<string, number> = {}
    for (const [code, category] of [
      ['works', 1],
      ['procurement', 2],
      ['land', 3],
      ['empty', 1],
    ] as const) {
      const row = await db
        .insertInto('project')
        .values(project(code, category))
        .returning('id')
        .executeTakeFirstOrThrow()
      ids[code] = row.id
    }
    const announce = (code: string, stage: string, time: string) => ({
      projectId: ids[code]!,
      stage,
      title: stage,
      content: '',
      publishTime: time,
      isLatest: 0,
      createdAt: at,
    })
    await db
      .insertInto('projectAnnouncement')
      .values([
        // Published out of order: the furthest stage of the tab set counts, not the newest.
        announce('works', 'entry', '2025-05-01 09:00:00'),
        announce('works', 'bidRegistration', '2025-05-02 09:00:00'),
        announce('works', 'bidNotice', '2025-05-03 09:00:00'),
        announce('procurement', 'entry', '2025-05-01 09:00:00'),
        // A stage outside the category's tab set is never its stage.
        announce('procurement', 'bidResult', '2025-05-04 09:00:00'),
        announce('land', 'landTransaction', '2025-05-01 09:00:00'),
        announce('land', 'landParcel', '2025-05-02 09:00:00'),
      ])
      .execute()

    await migrateToLatest(db)
    const rows = await db
      .selectFrom('project')
      .select(['code', 'currentStage', 'registrationDeadline', 'openingTime'])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      {
        code: 'works',
        currentStage: 'bidRegistration',
        registrationDeadline: null,
        openingTime: null,
      },
      {
        code: 'procurement',
        currentStage: 'entry',
        registrationDeadline: null,
        openingTime: null,
      },
      {
        code: 'land',
        currentStage: 'landParcel',
        registrationDeadline: null,
        openingTime: null,
      },
      {
        code: 'empty',
        currentStage: null,
        registrationDeadline: null,
        openingTime: null,
      },
    ])

    // And back: the columns and their indexes go again.
    const again = await createMigrator(db).migrateDown()
    expect(again.error).toBeUndefined()
    await migrateToLatest(db)
  })
})
