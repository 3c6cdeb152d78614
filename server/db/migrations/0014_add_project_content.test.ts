import { afterEach, describe, expect, it } from 'vitest'

import {
  AnnouncementFieldsSchema,
  LinkageFieldsSchema,
  ProjectFieldsSchema,
} from '#common/schemas/content/project-fields.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createMigrator, migrateToLatest } from '../database.ts'

const at = '2025-05-06 10:00:00'

describe.each(testEngines)('migration 0014 on %s', (engine) => {
  let test: TestDatabase | undefined
  afterEach(async () => {
    await test?.destroy()
    test = undefined
  })

  it('makes the projects, announcements and records of an existing database items the console can edit', async () => {
    test = await createTestDatabase(engine, { isEmpty: true })
    const { db } = test
    const down = await createMigrator(db).migrateTo(
      '0013_create_content_workflow',
    )
    expect(down.error).toBeUndefined()

    // Rows as the seed stored them before projects went through the workflow.
    await db
      .insertInto('file')
      .values({
        id: 'noticefile000001',
        name: '招标文件.pdf',
        mime: 'application/pdf',
        size: 10,
        storageKey: 'x',
        sha256: 'x',
        createdAt: at,
      })
      .execute()
    const project = await db
      .insertInto('project')
      .values({
        code: 'GC2025001',
        name: '某水库除险加固工程',
        category: 1,
        subType: 101,
        regionCode: '650100',
        location: '乌鲁木齐市米东区',
        tenderer: '某水库管理处',
        agency: '',
        amount: 1234.5,
        tradeMode: '公开招标',
        fundSource: '',
        publishTime: at,
        registrationDeadline: '2025-05-20 17:00:00',
        openingTime: '2025-05-30 10:00:00',
        currentStage: 'bidNotice',
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const announcement = await db
      .insertInto('projectAnnouncement')
      .values({
        projectId: project.id,
        stage: 'bidNotice',
        title: '某水库除险加固工程招标公告',
        content: '<p>招标公告</p>',
        publishTime: at,
        isLatest: 1,
        createdAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('projectAnnouncementFile')
      .values({
        announcementId: announcement.id,
        fileId: 'noticefile000001',
        sort: 0,
      })
      .execute()
    const linkage = await db
      .insertInto('linkageRecord')
      .values({
        projectId: project.id,
        title: '资格条件问题',
        item: '招标文件编制',
        finding: '设置不合理资格条件。',
        requirement: '删除该条件。',
        responsibleUnit: '某水库管理处',
        // 已整改 without the date it was rectified: the item gets the deadline as that date.
        status: 2,
        foundDate: '2025-05-08',
        deadline: '2025-05-18',
        rectifiedDate: null,
        content: '<p>已整改。</p>',
        publishTime: at,
        createdAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()

    await migrateToLatest(db)
    const items = await db
      .selectFrom('contentItem as i')
      .innerJoin('contentRevision as r', 'r.itemId', 'i.id')
      .innerJoin('staffAccount as a', 'a.id', 'r.authorId')
      .select([
        'i.kind',
        'i.publicId',
        'i.uniqueKey',
        'i.itemState',
        'r.state',
        'r.title',
        'r.categoryId',
        'r.fields',
        'a.displayName',
      ])
      .where('i.kind', 'in', ['project', 'announcement', 'linkage'])
      .orderBy('i.id')
      .execute()
    expect(items.map(({ fields: _fields, ...item }) => item)).toEqual([
      {
        kind: 'project',
        publicId: project.id,
        uniqueKey: 'GC2025001',
        itemState: 'published',
        state: 'published',
        title: '某水库除险加固工程',
        categoryId: 1,
        displayName: '演示数据',
      },
      {
        kind: 'announcement',
        publicId: announcement.id,
        uniqueKey: `${project.id}:bidNotice`,
        itemState: 'published',
        state: 'published',
        title: '某水库除险加固工程招标公告',
        categoryId: 2,
        displayName: '演示数据',
      },
      {
        kind: 'linkage',
        publicId: linkage.id,
        uniqueKey: null,
        itemState: 'published',
        state: 'published',
        title: '资格条件问题',
        categoryId: 2,
        displayName: '演示数据',
      },
    ])
    // Every item's fields read back through its kind's schema: the console opens each.
    const [projectFields, announcementFields, linkageFields] = items.map(
      (item) => JSON.parse(item.fields) as unknown,
    )
    expect(ProjectFieldsSchema.parse(projectFields)).toMatchObject({
      code: 'GC2025001',
      amount: 1234.5,
      openingTime: '2025-05-30 10:00:00',
    })
    expect(AnnouncementFieldsSchema.parse(announcementFields)).toMatchObject({
      projectId: project.id,
      attachments: ['noticefile000001'],
    })
    expect(LinkageFieldsSchema.parse(linkageFields)).toMatchObject({
      status: 2,
      rectifiedDate: '2025-05-18',
    })
    expect(
      await db.selectFrom('contentUpload').select('fileId').execute(),
    ).toEqual([{ fileId: 'noticefile000001' }])
    // Nothing is withdrawn yet.
    expect(
      await db.selectFrom('project').select('withdrawnAt').execute(),
    ).toEqual([{ withdrawnAt: null }])
  })
})
