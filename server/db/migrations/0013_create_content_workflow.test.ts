import { afterEach, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createMigrator, migrateToLatest } from '../database.ts'

const at = '2025-05-06 10:00:00'

describe.each(testEngines)('migration 0013 on %s', (engine) => {
  let test: TestDatabase | undefined
  afterEach(async () => {
    await test?.destroy()
    test = undefined
  })

  it('makes the articles of an existing database items the console can edit', async () => {
    test = await createTestDatabase(engine, { isEmpty: true })
    const { db } = test
    const down = await createMigrator(db).migrateTo('0012_create_staff_tables')
    expect(down.error).toBeUndefined()

    // Rows as the writers stored them before the workflow existed.
    await db
      .insertInto('file')
      .values({
        id: 'attachmentfile01',
        name: '附件.pdf',
        mime: 'application/pdf',
        size: 10,
        storageKey: 'x',
        sha256: 'x',
        createdAt: at,
      })
      .execute()
    const article = (categoryId: number, title: string, isPublished = 1) => ({
      categoryId,
      title,
      summary: '摘要',
      content: '<p>正文</p>',
      source: '水利厅',
      author: '办公室',
      coverFileId: null,
      isRotation: 0,
      isPublished,
      publishTime: at,
      createdAt: at,
      updatedAt: at,
    })
    const ids: number[] = []
    for (const row of [
      article(1073, '通知'),
      article(928, '办法'),
      article(1002, '未发布的新闻', 0),
    ])
      ids.push(
        (
          await db
            .insertInto('article')
            .values(row)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      )
    await db
      .insertInto('articleFile')
      .values({ articleId: ids[1]!, fileId: 'attachmentfile01', sort: 0 })
      .execute()

    await migrateToLatest(db)
    const items = await db
      .selectFrom('contentItem as i')
      .innerJoin('contentRevision as r', 'r.itemId', 'i.id')
      .innerJoin('staffAccount as a', 'a.id', 'r.authorId')
      .select([
        'i.kind',
        'i.publicId',
        'i.itemState',
        'i.publishedRevisionNo',
        'r.state',
        'r.fields',
        'a.displayName',
      ])
      .where('i.kind', 'in', ['article', 'policy'])
      .orderBy('i.publicId')
      .execute()
    expect(items.map(({ fields: _fields, ...item }) => item)).toEqual([
      {
        kind: 'article',
        publicId: ids[0],
        itemState: 'published',
        publishedRevisionNo: 1,
        state: 'published',
        displayName: '演示数据',
      },
      {
        kind: 'policy',
        publicId: ids[1],
        itemState: 'published',
        publishedRevisionNo: 1,
        state: 'published',
        displayName: '演示数据',
      },
      {
        kind: 'article',
        publicId: ids[2],
        itemState: 'unpublished',
        publishedRevisionNo: null,
        state: 'draft',
        displayName: '演示数据',
      },
    ])
    expect(JSON.parse(items[1]!.fields)).toMatchObject({
      categoryId: 928,
      issuingBody: '水利厅',
      issuedDate: '2025-05-06',
      attachments: ['attachmentfile01'],
    })
    // Their files may stay in a later revision.
    expect(
      await db.selectFrom('contentUpload').select('fileId').execute(),
    ).toEqual([{ fileId: 'attachmentfile01' }])
    // The built-in accounts are nobody's: disabled and without a password.
    const system = await db
      .selectFrom('staffAccount')
      .select(['isSystem', 'isDisabled', 'passwordHash'])
      .where('isSystem', '=', 1)
      .execute()
    expect(system).toEqual([
      { isSystem: 1, isDisabled: 1, passwordHash: null },
      { isSystem: 1, isDisabled: 1, passwordHash: null },
    ])
  })
})
