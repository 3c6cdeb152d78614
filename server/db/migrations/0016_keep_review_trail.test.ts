import { afterEach, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createMigrator, migrateToLatest } from '../database.ts'

const at = '2026-11-20 10:00:00'

describe.each(testEngines)('migration 0016 on %s', (engine) => {
  let test: TestDatabase | undefined
  afterEach(async () => {
    await test?.destroy()
    test = undefined
  })

  it('keeps the last review each revision of an existing database holds', async () => {
    test = await createTestDatabase(engine, { isEmpty: true })
    const { db } = test
    const down = await createMigrator(db).migrateTo('0014_add_project_content')
    expect(down.error).toBeUndefined()
    const reviewer = await db
      .selectFrom('staffAccount')
      .select('id')
      .where('accountName', '=', 'system:content-reviewer')
      .executeTakeFirstOrThrow()
    const author = await db
      .selectFrom('staffAccount')
      .select('id')
      .where('accountName', '=', 'system:content-author')
      .executeTakeFirstOrThrow()
    const item = await db
      .insertInto('contentItem')
      .values({
        kind: 'article',
        itemState: 'unpublished',
        latestRevisionNo: 3,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const revision = (
      revisionNo: number,
      state: string,
      review: { comment?: string; publishAt?: string } | null,
    ) => ({
      itemId: item.id,
      revisionNo,
      state,
      title: '通知',
      categoryId: 1073,
      fields: '{}',
      authorId: author.id,
      reviewerId: review ? reviewer.id : null,
      reviewedAt: review ? at : null,
      reviewComment: review?.comment ?? null,
      publishAt: review?.publishAt ?? null,
      createdAt: at,
      updatedAt: at,
    })
    await db
      .insertInto('contentRevision')
      .values([
        revision(1, 'superseded', {}),
        revision(2, 'returned', { comment: '请补充' }),
        revision(3, 'draft', null),
      ] as never)
      .execute()

    expect((await migrateToLatest(db)).error).toBeUndefined()
    const reviews = await db
      .selectFrom('contentReview as v')
      .innerJoin('contentRevision as r', 'r.id', 'v.revisionId')
      .select([
        'r.revisionNo',
        'v.outcome',
        'v.comment',
        'v.reviewerId',
        'v.at',
      ])
      .where('r.itemId', '=', item.id)
      .orderBy('r.revisionNo')
      .execute()
    expect(reviews).toEqual([
      {
        revisionNo: 1,
        outcome: 'approved',
        comment: null,
        reviewerId: reviewer.id,
        at,
      },
      {
        revisionNo: 2,
        outcome: 'returned',
        comment: '请补充',
        reviewerId: reviewer.id,
        at,
      },
    ])
  })
})
