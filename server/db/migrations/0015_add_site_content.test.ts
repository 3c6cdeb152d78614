import { afterEach, describe, expect, it } from 'vitest'

import { SITE_SETTING_DEFAULTS } from '#common/constants/site.ts'
import { COMPLAINT_TYPES } from '#common/constants/statute.ts'
import {
  DictionaryFieldsSchema,
  FooterLinksFieldsSchema,
  HomeLinksFieldsSchema,
  SiteSettingsFieldsSchema,
} from '#common/schemas/content/site-fields.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createMigrator, migrateToLatest } from '../database.ts'

describe.each(testEngines)('migration 0015 on %s', (engine) => {
  let test: TestDatabase | undefined
  afterEach(async () => {
    await test?.destroy()
    test = undefined
  })

  it('makes the links and dictionaries of an existing database items the console can edit, and seeds the settings', async () => {
    test = await createTestDatabase(engine, { isEmpty: true })
    const { db } = test
    const down = await createMigrator(db).migrateTo('0014_add_project_content')
    expect(down.error).toBeUndefined()

    // Rows as the seed (or a tool) stored them before links went through the workflow.
    await db
      .insertInto('homeLink')
      .values([
        { title: '自治区水利厅', url: 'http://slt.xinjiang.gov.cn/', sort: 0 },
        { title: '坏链接', url: 'javascript:alert(1)', sort: 1 },
        { title: '下载中心', url: '/download', sort: 2 },
      ])
      .execute()
    await db
      .insertInto('footerLink')
      .values([
        {
          type: 1,
          title: '水利部',
          address: 'http://www.mwr.gov.cn/',
          sort: 1,
        },
        {
          type: 1,
          title: '发改委',
          address: 'https://www.ndrc.gov.cn/',
          sort: 0,
        },
        {
          type: 4,
          title: '中国政府网',
          address: 'https://www.gov.cn/',
          sort: 0,
        },
        // Shown nowhere: a type that is no footer group.
        {
          type: 9,
          title: '旧分组',
          address: 'https://example.gov.cn/',
          sort: 0,
        },
      ])
      .execute()
    await db
      .insertInto('dictionary')
      .values([
        { type: 'project_type', label: '施工', value: '1', sort: 0 },
        { type: 'project_type', label: '监理', value: '2', sort: 1 },
        // An older complaint_type without 其他, with an unknown value.
        ...COMPLAINT_TYPES.slice(0, 5).map((t, sort) => ({
          type: 'complaint_type',
          label: `对${t.label}的投诉`,
          value: t.value,
          sort,
        })),
        { type: 'complaint_type', label: '旧类型', value: 'legacy', sort: 9 },
      ])
      .execute()

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
      .orderBy('i.id')
      .execute()
    const dictionaryIds = await db
      .selectFrom('dictionaryType')
      .select(['id', 'type', 'name'])
      .orderBy('type')
      .execute()
    expect(dictionaryIds.map(({ type, name }) => [type, name])).toEqual([
      ['complaint_type', '投诉类型'],
      ['project_type', '项目类型'],
    ])
    const idOf = (type: string) =>
      dictionaryIds.find((row) => row.type === type)!.id
    const published = {
      itemState: 'published',
      state: 'published',
      displayName: '演示数据',
    }
    expect(items.map(({ fields: _fields, ...item }) => item)).toEqual([
      {
        kind: 'siteSettings',
        publicId: 1,
        uniqueKey: 'site',
        title: '站点设置',
        categoryId: null,
        ...published,
      },
      {
        kind: 'homeLinks',
        publicId: 1,
        uniqueKey: 'home',
        title: '首页链接',
        categoryId: null,
        ...published,
      },
      {
        kind: 'footerLinks',
        publicId: 1,
        uniqueKey: '1',
        title: '页脚链接：国家部委',
        categoryId: 1,
        ...published,
      },
      {
        kind: 'footerLinks',
        publicId: 4,
        uniqueKey: '4',
        title: '页脚链接：其他网站',
        categoryId: 4,
        ...published,
      },
      {
        kind: 'dictionary',
        publicId: idOf('complaint_type'),
        uniqueKey: 'complaint_type',
        title: '数据字典：投诉类型（complaint_type）',
        categoryId: null,
        ...published,
      },
      {
        kind: 'dictionary',
        publicId: idOf('project_type'),
        uniqueKey: 'project_type',
        title: '数据字典：项目类型（project_type）',
        categoryId: null,
        ...published,
      },
    ])

    // Every item's fields read back through its kind's schema: the console opens each.
    const fields = items.map((item) => JSON.parse(item.fields) as unknown)
    expect(SiteSettingsFieldsSchema.parse(fields[0])).toEqual(
      SITE_SETTING_DEFAULTS,
    )
    expect(HomeLinksFieldsSchema.parse(fields[1])).toEqual({
      links: [
        { title: '自治区水利厅', url: 'http://slt.xinjiang.gov.cn/' },
        { title: '下载中心', url: '/download' },
      ],
    })
    expect(FooterLinksFieldsSchema.parse(fields[2])).toEqual({
      type: 1,
      links: [
        { title: '发改委', url: 'https://www.ndrc.gov.cn/' },
        { title: '水利部', url: 'http://www.mwr.gov.cn/' },
      ],
    })
    const complaintTypes = DictionaryFieldsSchema.parse(fields[4])
    expect(complaintTypes.entries.map((e) => e.value)).toEqual(
      COMPLAINT_TYPES.map((t) => t.value),
    )
    expect(complaintTypes.entries.at(-1)).toEqual({
      value: 'other',
      label: '其他',
    })
    expect(DictionaryFieldsSchema.parse(fields[5])).toEqual({
      type: 'project_type',
      name: '项目类型',
      entries: [
        { label: '施工', value: '1' },
        { label: '监理', value: '2' },
      ],
    })

    // The public rows show exactly what the items hold: no javascript: link, the other
    // footer type untouched, the dictionary completed.
    expect(
      await db
        .selectFrom('homeLink')
        .select(['title', 'url'])
        .orderBy('sort')
        .execute(),
    ).toEqual([
      { title: '自治区水利厅', url: 'http://slt.xinjiang.gov.cn/' },
      { title: '下载中心', url: '/download' },
    ])
    expect(
      await db
        .selectFrom('footerLink')
        .select(['type', 'title'])
        .orderBy('type')
        .orderBy('sort')
        .execute(),
    ).toEqual([
      { type: 1, title: '发改委' },
      { type: 1, title: '水利部' },
      { type: 4, title: '中国政府网' },
      { type: 9, title: '旧分组' },
    ])
    expect(
      await db
        .selectFrom('dictionary')
        .select('value')
        .where('type', '=', 'complaint_type')
        .orderBy('sort')
        .execute(),
    ).toEqual(COMPLAINT_TYPES.map((t) => ({ value: t.value })))
    expect(
      await db.selectFrom('siteSetting').selectAll().executeTakeFirst(),
    ).toMatchObject({ id: 1, ...SITE_SETTING_DEFAULTS })
  })

  it('seeds only the settings on a fresh database, and is undone', async () => {
    test = await createTestDatabase(engine, { isEmpty: true })
    const { db } = test
    const kinds = async () =>
      (
        await db
          .selectFrom('contentItem')
          .select('kind')
          .where('kind', 'in', [
            'homeLinks',
            'footerLinks',
            'dictionary',
            'siteSettings',
          ])
          .execute()
      ).map((row) => row.kind)
    expect(await kinds()).toEqual(['siteSettings'])
    const back = await createMigrator(db).migrateTo('0014_add_project_content')
    expect(back.error).toBeUndefined()
    expect(await kinds()).toEqual([])
  })
})
