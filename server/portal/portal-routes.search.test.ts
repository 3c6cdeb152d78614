import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { portalSign } from '#common/protocol/portal-sign.ts'
import type { SearchHit } from '#common/schemas/search.ts'
import {
  prepareArticle,
  writeArticle,
} from '#server/articles/article-writer.ts'
import { testConfig } from '#tests/app-config.ts'
import { decryptWithNode } from '#tests/decrypt-with-node.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'
import { countSearchDocuments } from '#server/search/search-repository.ts'
import {
  ensureSearchIndex,
  rebuildSearchIndex,
} from '#server/search/search-sources.ts'
import { articleSearchSource } from '#server/articles/article-search-source.ts'
import { projectSearchSources } from '#server/projects/project-search-sources.ts'

/** What the portal's start-up builds the index from (server/main.ts). */
const SEARCH_SOURCES = [articleSearchSource, ...projectSearchSources]

describe.each(testEngines)(
  'POST /JdPortalApi/Search/PageList on %s',
  (engine) => {
    let test: TestDatabase
    let app: FastifyInstance
    const config = testConfig('')

    async function call(body: Record<string, unknown>) {
      const params = { ...body, ts: Date.now() }
      const response = await app.inject({
        method: 'POST',
        url: '/JdPortalApi/Search/PageList',
        headers: {
          'content-type': 'application/json',
          'x-sign': await portalSign(params, config.portalApiSecret),
        },
        payload: params,
      })
      const envelope = response.json<{
        State: number
        Msg: string
        Data: string
      }>()
      return {
        status: response.statusCode,
        envelope,
        page:
          envelope.State === 200
            ? (decryptWithNode(envelope.Data, config.portalAesKey) as {
                Table: SearchHit[]
                Total: number
              })
            : null,
      }
    }

    beforeAll(async () => {
      test = await createTestDatabase(engine)
      app = await buildTestApp(test)
    })
    afterAll(async () => {
      await app?.close()
      await test?.destroy()
    })

    it('finds every seeded article that contains a keyword, as the writer indexed it', async () => {
      const { page } = await call({
        keyword: '水',
        type: 'article',
        pageSize: 100,
      })
      const rows = await test.db
        .selectFrom('article')
        .select(['id', 'title', 'content', 'categoryId'])
        .where('isPublished', '=', 1)
        .execute()
      // News categories are type article; policies (927, 928, 929, 1070) are type policy.
      const containing = rows.filter(
        (r) =>
          [1073, 1002, 1001].includes(r.categoryId) &&
          `${r.title}${r.content}`.includes('水'),
      )
      const policies = rows.filter(
        (r) =>
          [927, 928, 929, 1070].includes(r.categoryId) &&
          `${r.title}${r.content}`.includes('水'),
      )
      const policyPage = await call({ keyword: '水', type: 'policy' })
      expect(policyPage.page?.Total).toBe(policies.length)
      expect(containing.length).toBeGreaterThan(10)
      expect(page?.Total).toBe(containing.length)
      expect(page?.Table.length).toBe(Math.min(100, containing.length))
      // Titles that hold the keyword come first.
      const firstBodyOnly = page!.Table.findIndex(
        (h) => !h.title.includes('水'),
      )
      if (firstBodyOnly >= 0)
        expect(
          page!.Table.slice(firstBodyOnly).every(
            (h) => !h.title.includes('水'),
          ),
        ).toBe(true)
    })

    it('finds seeded projects and their stage announcements, with what their links need', async () => {
      const project = await test.db
        .selectFrom('project')
        .selectAll()
        .orderBy('id')
        .executeTakeFirstOrThrow()
      const byName = await call({ keyword: project.name, type: 'project' })
      expect(byName.page?.Table).toContainEqual(
        expect.objectContaining({
          type: 'project',
          typeName: '项目信息',
          refId: project.id,
          categoryId: project.category,
        }),
      )
      const byCode = await call({ keyword: project.code })
      expect(byCode.page?.Table.map((hit) => hit.refId)).toContain(project.id)

      const announcements = await test.db
        .selectFrom('projectAnnouncement')
        .selectAll()
        .where('projectId', '=', project.id)
        .execute()
      expect(announcements.length).toBeGreaterThan(1)
      for (const announcement of announcements) {
        const { page } = await call({
          keyword: announcement.title,
          type: 'announcement',
        })
        expect(page?.Table).toContainEqual(
          expect.objectContaining({
            type: 'announcement',
            refId: announcement.id,
            projectId: project.id,
            stage: announcement.stage,
          }),
        )
      }
    })

    it('finds the download centre’s forms as their own type, apart from the news', async () => {
      const entry = await test.db
        .selectFrom('article')
        .select(['id', 'title'])
        .where('title', '=', '投诉授权委托书（范本）')
        .executeTakeFirstOrThrow()
      const { page } = await call({ keyword: '授权委托书', type: 'download' })
      expect(page?.Table).toContainEqual(
        expect.objectContaining({
          type: 'download',
          typeName: '下载中心',
          refId: entry.id,
          subTypeName: '下载中心',
        }),
      )
      const news = await call({ keyword: '授权委托书', type: 'article' })
      expect(news.page?.Table.map((hit) => hit.refId)).not.toContain(entry.id)
    })

    it('indexes a published article in the same write and keeps a draft out', async () => {
      const now = new Date()
      const article = (isPublished: boolean) =>
        prepareArticle({
          categoryId: 928,
          title: `坎儿井保护条例${isPublished ? '' : '（草案）'}`,
          content: '<p>坎儿井是干旱地区的地下水利工程。</p>',
          publishTime: now,
          isPublished,
        })
      const id = await test.db
        .transaction()
        .execute((trx) => writeArticle(trx, article(true)))
      await test.db
        .transaction()
        .execute((trx) => writeArticle(trx, article(false)))
      const { page } = await call({ keyword: '坎儿井' })
      expect(page?.Total).toBe(1)
      expect(page?.Table[0]).toMatchObject({
        type: 'policy',
        typeName: '政策法规',
        refId: id,
        subTypeName: '自治区政策法规',
        titleHtml: '<mark>坎儿井</mark>保护条例',
      })
      expect(page?.Table[0]?.snippetHtml).toContain('<mark>坎儿井</mark>')
    })

    it('answers a 10,000-character keyword and syntax characters with State 200', async () => {
      for (const keyword of [
        '水'.repeat(10_000),
        `"*:NEAR OR ';--%_\\`,
        '   ',
      ]) {
        const { status, page } = await call({ keyword })
        expect(status).toBe(200)
        expect(page).toEqual({ Table: [], Total: 0, totalCapped: false })
      }
    })

    it('refuses an unknown type or a reversed time range in Chinese and changes nothing', async () => {
      const before = await countSearchDocuments(test.db)
      const badType = await call({ keyword: '水库', type: 'complaint' })
      expect(badType.status).toBe(400)
      expect(badType.envelope.Msg).toContain('搜索类别无效')
      const reversed = await call({
        keyword: '水库',
        startTime: '2026-02-01 00:00:00',
        endTime: '2026-01-01 00:00:00',
      })
      expect(reversed.envelope.Msg).toContain('开始时间不能晚于结束时间')
      expect(await countSearchDocuments(test.db)).toBe(before)
    })

    it('rebuilds the index from the content, and fills an empty one at start', async () => {
      const before = await call({ keyword: '招标', pageSize: 5 })
      await test.db.deleteFrom('searchDocument').execute()
      expect(await ensureSearchIndex(test.db, SEARCH_SOURCES)).toBeGreaterThan(
        0,
      )
      expect(await ensureSearchIndex(test.db, SEARCH_SOURCES)).toBeNull()
      const written = await rebuildSearchIndex(test.db, SEARCH_SOURCES)
      expect(written).toBe(await countSearchDocuments(test.db))
      // Another page size: the API keeps answers for 10 s, and this one must be fresh.
      const after = await call({ keyword: '招标', pageSize: 6 })
      expect(after.page?.Total).toBe(before.page?.Total)
    })
  },
)
