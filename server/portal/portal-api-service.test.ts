import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { PortalApi } from '#common/portal-api.ts'
import {
  ArticleDetailSchema,
  ArticlePageSchema,
  DownloadPageSchema,
  RotationItemSchema,
} from '#common/schemas/article.ts'
import {
  FooterLinkGroupSchema,
  HomeLinkSchema,
  SysDicResultSchema,
} from '#common/schemas/site.ts'
import type { Database } from '#server/db/schema.ts'
import {
  createTestDatabase,
  seededAt,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { insertArticle } from '#server/articles/article-write-repository.ts'
import {
  prepareArticle,
  writeArticles,
} from '#server/articles/article-writer.ts'
import { SEARCH_RESULTS_MAX } from '#common/constants/search.ts'
import { createPortalApiService } from './portal-api-service.ts'
import {
  startOfShanghaiDay,
  toShanghaiText,
} from '#server/shared/publish-time.ts'

const base = { ptype: 'jd', pageNo: 1, pageSize: 10 }

/** Counts the statements a call sends, to hold list queries to two and rule out N+1. */
function countingDb(db: Kysely<Database>) {
  const counter = { statements: 0 }
  // Counted as results come back: a subquery is part of its statement, not one of its own.
  const counted = db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.statements++
      return args.result
    },
  })
  return { counted, counter }
}

describe.each(testEngines)('portal API service on %s', (engine) => {
  let test: TestDatabase
  let api: PortalApi

  beforeAll(async () => {
    test = await createTestDatabase(engine)
    api = createPortalApiService(test.db)
  })
  afterAll(() => test.destroy())

  it('lists notices and industry news newest first, as summaries that fit the schema', async () => {
    const page = await api.articlePageList({ ...base, ctype: '1073,1001' })
    expect(ArticlePageSchema.parse(page)).toEqual(page)
    expect(page.Table).toHaveLength(10)
    expect(page.Total).toBeGreaterThan(40)
    expect(new Set(page.Table.map((row) => row.categoryId))).toEqual(
      new Set([1073, 1001]),
    )
    const times = page.Table.map((row) => row.publishTime)
    expect(times).toEqual([...times].sort().reverse())
    expect(page.Table[0]).not.toHaveProperty('content')
  })

  it('pages without overlap and reports the same total', async () => {
    const first = await api.articlePageList({
      ...base,
      ctype: '1002',
      pageSize: 7,
    })
    const second = await api.articlePageList({
      ...base,
      ctype: '1002',
      pageSize: 7,
      pageNo: 2,
    })
    expect(second.Total).toBe(first.Total)
    const ids = [...first.Table, ...second.Table].map((row) => row.id)
    expect(new Set(ids).size).toBe(14)
    expect(
      first.Table.at(-1)!.publishTime >= second.Table[0]!.publishTime,
    ).toBe(true)
  })

  it('answers a page with at most two statements, and one filtered by keyword in as many for any page size', async () => {
    const statementsFor = async (query: {
      keyword?: string
      pageSize?: number
    }) => {
      const { counted, counter } = countingDb(test.db)
      await createPortalApiService(counted).articlePageList({
        ...base,
        ctype: '1073,1001',
        ...query,
      })
      return counter.statements
    }
    expect(await statementsFor({})).toBeLessThanOrEqual(2)
    // Through the search index: its few statements, then the page's rows in one.
    const keyworded = await statementsFor({ keyword: '水利' })
    expect(keyworded).toBeLessThanOrEqual(8)
    expect(await statementsFor({ keyword: '水利', pageSize: 50 })).toBe(
      keyworded,
    )
  })

  it('keeps only articles inside an inclusive time range', async () => {
    const all = await api.articlePageList({
      ...base,
      ctype: '1073',
      pageSize: 100,
    })
    const exact = all.Table[3]!.publishTime
    const page = await api.articlePageList({
      ...base,
      ctype: '1073',
      pageSize: 100,
      startTime: exact,
      endTime: exact,
    })
    expect(page.Table.map((row) => row.publishTime)).toEqual([exact])

    const today = toShanghaiText(startOfShanghaiDay(seededAt))
    const todays = await api.articlePageList({
      ...base,
      ctype: '1073,1001',
      startTime: today,
      endTime: `${today.slice(0, 10)} 23:59:59`,
    })
    expect(todays.Total).toBeGreaterThanOrEqual(1)
    for (const row of todays.Table) expect(row.publishTime >= today).toBe(true)
    expect(todays.Total).toBeLessThan(all.Total)
  })

  it('finds a keyword in the title or only in the body', async () => {
    const titled = await api.articlePageList({ ...base, keyword: '评标专家' })
    expect(titled.Total).toBeGreaterThan(0)
    // "行政复议" appears only in the bodies of complaint results, never in a title.
    const bodyOnly = await api.articlePageList({ ...base, keyword: '行政复议' })
    expect(bodyOnly.Total).toBeGreaterThan(0)
    for (const row of bodyOnly.Table)
      expect(row.title).not.toContain('行政复议')
    expect(
      (await api.articlePageList({ ...base, keyword: '不存在的关键字组合' }))
        .Total,
    ).toBe(0)
  })

  it('lists the newest 200 articles of a keyword matched by more, and says there are more', async () => {
    const start = seededAt.getTime() - 400 * 86_400_000
    await writeArticles(
      test.db,
      Array.from({ length: SEARCH_RESULTS_MAX + 5 }, (_, i) =>
        prepareArticle({
          categoryId: i % 2 === 0 ? 1073 : 1002,
          title: `闸门启闭机检修通知（第${i + 1}号）`,
          content: '<p>闸门启闭机年度检修安排。</p>',
          publishTime: new Date(start + i * 60_000),
          isPublished: true,
        }),
      ),
    )
    const all = await api.articlePageList({
      ...base,
      ctype: '1073,1002',
      keyword: '启闭机',
    })
    expect(all.Total).toBe(SEARCH_RESULTS_MAX)
    expect(all.totalCapped).toBe(true)
    expect(all.Table[0]!.title).toBe(
      `闸门启闭机检修通知（第${SEARCH_RESULTS_MAX + 5}号）`,
    )
    const last = await api.articlePageList({
      ...base,
      ctype: '1073,1002',
      keyword: '启闭机',
      pageNo: SEARCH_RESULTS_MAX / 10,
    })
    expect(last.Table).toHaveLength(10)
    expect(last.Table.at(-1)!.title).toBe('闸门启闭机检修通知（第6号）')
    // One category: 103 of them, all listed.
    const notices = await api.articlePageList({
      ...base,
      ctype: '1073',
      keyword: '启闭机',
    })
    expect(notices.Total).toBe(103)
    expect(notices.totalCapped).toBe(false)
    expect(notices.Table.every((row) => row.categoryId === 1073)).toBe(true)
  })

  it('treats % and _ in a keyword as plain characters', async () => {
    expect((await api.articlePageList({ ...base, keyword: '%' })).Total).toBe(0)
    expect((await api.articlePageList({ ...base, keyword: '_' })).Total).toBe(0)
  })

  it('marks articles that have attachments', async () => {
    const page = await api.articlePageList({
      ...base,
      ctype: '1073',
      pageSize: 100,
    })
    const withFiles = page.Table.filter((row) => row.hasAttachment)
    expect(withFiles.length).toBeGreaterThan(2)
    const detail = await api.articleDetail({
      id: withFiles[0]!.id,
      ptype: 'jd',
    })
    expect(detail!.files.length).toBeGreaterThan(0)
    expect(detail!.files[0]!.url).toMatch(/^\/files\/[\w-]+\/.+\.(pdf|docx)$/)
  })

  it('lists the download centre with each entry’s files, size and type, in three statements', async () => {
    const { counted, counter } = countingDb(test.db)
    const page = await createPortalApiService(counted).downloadPageList(base)
    expect(counter.statements).toBe(3)
    expect(DownloadPageSchema.parse(page)).toEqual(page)
    expect(page.Total).toBe(page.Table.length)
    expect(page.Total).toBeGreaterThanOrEqual(5)
    const times = page.Table.map((row) => row.publishTime)
    expect(times).toEqual([...times].sort().reverse())
    for (const item of page.Table) {
      expect(item.files.length).toBeGreaterThanOrEqual(1)
      for (const file of item.files) {
        expect(file.url).toBe(
          `/files/${file.id}/${encodeURIComponent(file.name)}`,
        )
        expect(file.size).toBeGreaterThan(1000)
        expect(file.mime).toMatch(/^application\/(pdf|vnd\.openxml)/)
      }
    }
    // One entry carries two files, in their order: the specification, then the form.
    const both = page.Table.find((item) => item.files.length === 2)!
    expect(both.files.map((file) => file.name.split('.').pop())).toEqual([
      'pdf',
      'docx',
    ])
    // The news lists never show the download centre.
    const news = await api.articlePageList({ ...base, ctype: '1073,1001' })
    const ids = new Set(page.Table.map((item) => item.id))
    expect(news.Table.some((row) => ids.has(row.id))).toBe(false)
  })

  it('shows a published article with its neighbours and counts the view', async () => {
    const page = await api.articlePageList({
      ...base,
      ctype: '1002',
      pageSize: 3,
    })
    const [newer, middle, older] = page.Table
    const detail = await api.articleDetail({ id: middle!.id, ptype: 'jd' })
    expect(ArticleDetailSchema.parse(detail)).toEqual(detail)
    expect(detail!.content).toContain('<p')
    // prev is the next-newer article of the category, next the next-older one.
    expect(detail!.prev).toEqual({ id: newer!.id, title: newer!.title })
    expect(detail!.next).toEqual({ id: older!.id, title: older!.title })
    const again = await api.articleDetail({ id: middle!.id, ptype: 'jd' })
    expect(again!.views).toBe(detail!.views + 1)

    const newest = await api.articleDetail({ id: newer!.id, ptype: 'jd' })
    expect(newest!.prev).toBeNull()
  })

  it('returns null for a missing or unpublished article', async () => {
    expect(await api.articleDetail({ id: 99_999_999, ptype: 'jd' })).toBeNull()
    const draft = await insertArticle(
      test.db,
      prepareArticle({
        categoryId: 1073,
        title: '未发布的草稿',
        content: '<p>草稿</p>',
        publishTime: new Date(),
        isPublished: false,
      }),
    )
    expect(await api.articleDetail({ id: draft, ptype: 'jd' })).toBeNull()
    const page = await api.articlePageList({ ...base, keyword: '未发布的草稿' })
    expect(page.Total).toBe(0)
  })

  it('never serves a script stored through the writer', async () => {
    const id = await insertArticle(
      test.db,
      prepareArticle({
        categoryId: 1001,
        title: '含脚本的测试文章',
        content:
          '<p>正文</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
        publishTime: new Date('2020-01-01T00:00:00Z'),
      }),
    )
    const detail = await api.articleDetail({ id, ptype: 'jd' })
    expect(detail!.content).toBe('<p>正文</p>')
  })

  it('gives five rotation items with cover pictures', async () => {
    const items = await api.rotationData({ ptype: 'jd', size: 5 })
    expect(items).toHaveLength(5)
    for (const item of items)
      expect(RotationItemSchema.parse(item)).toEqual(item)
    expect(items[0]!.cover).toMatch(/^\/files\/[\w-]+\/.+\.svg$/)
  })

  it('answers dictionaries, home links and every footer link group', async () => {
    const roles = await api.sysDic({ type: 'complainant_role' })
    expect(SysDicResultSchema.parse(roles)).toEqual(roles)
    expect(roles.Table.map((item) => item.Label)).toEqual([
      '招标人',
      '招标代理机构',
      '投标人',
      '评标委员会',
      '其他',
    ])
    expect(await api.sysDic({ type: 'no_such_type' })).toEqual({ Table: [] })

    const links = await api.homeLinks()
    expect(links.length).toBeGreaterThan(3)
    for (const link of links) expect(HomeLinkSchema.parse(link)).toEqual(link)

    for (const type of [1, 6, 3, 4]) {
      const group = await api.footerLinks({ type, platformType: 'jd' })
      expect(FooterLinkGroupSchema.parse(group)).toEqual(group)
      expect(group.children.length).toBeGreaterThan(3)
      for (const child of group.children)
        expect(child.ADDRESS).toMatch(/^https?:\/\//)
    }
  })
})
