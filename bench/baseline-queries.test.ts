import path from 'node:path'

import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createPortalApiService } from '#server/portal/portal-api-service.ts'
import { pageProjects } from '#server/projects/project-repository.ts'
import { searchPageList } from '#server/search/search-service.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'

import { createBaselineQueries } from './baseline-queries.ts'
import {
  generateProjects,
  writeGeneratedArticles,
  writeGeneratedProjects,
} from './bench-content.ts'

/**
 * The bench's ratios compare the portal with a baseline that runs the portal's statements by
 * hand: both must find the same rows for the same request, or a ratio measures different work.
 */
describe('the baseline queries', () => {
  let test: TestDatabase
  let baseline: ReturnType<typeof createBaselineQueries>
  let sqlite: Database.Database
  const now = new Date('2026-11-24T12:00:00+08:00')

  beforeAll(async () => {
    test = await createTestDatabase('sqlite')
    await writeGeneratedArticles(test.db, 1500, { seed: 7, now })
    await writeGeneratedProjects(
      test.db,
      generateProjects(150, { seed: 7, now }),
      { now },
    )
    sqlite = new Database(path.join(test.dataDir, 'portal.db'), {
      readonly: true,
    })
    baseline = createBaselineQueries(sqlite)
  }, 120_000)

  afterAll(async () => {
    sqlite?.close()
    await test?.destroy()
  })

  const lists = [
    { ctype: '1073,1001' },
    { ctype: '1073', startTime: '2025-01-01 00:00:00' },
    { ctype: '1002', endTime: '2025-06-30 23:59:59' },
    { keyword: '水利' },
    { ctype: '1073,1001', keyword: '工程 验收' },
    {
      ctype: '1001',
      keyword: '水库',
      startTime: '2024-01-01 00:00:00',
      endTime: '2026-06-30 23:59:59',
    },
    { keyword: '无此内容之词' },
  ]

  it.each(lists)(
    'lists the articles the portal lists, page by page: %o',
    async (filter) => {
      const api = createPortalApiService(test.db)
      const first = await api.articlePageList({
        ...filter,
        ptype: 'jd',
        pageNo: 1,
        pageSize: 10,
      })
      const lastPage = Math.max(1, Math.ceil(first.Total / 10))
      for (const pageNo of new Set([1, 2, Math.ceil(lastPage / 2), lastPage])) {
        const portal = await api.articlePageList({
          ...filter,
          ptype: 'jd',
          pageNo,
          pageSize: 10,
        })
        const own = baseline.articlePage({ ...filter, pageNo, pageSize: 10 })
        expect(own.total).toBe(portal.Total)
        expect(own.rows.map((row) => row.id)).toEqual(
          portal.Table.map((row) => row.id),
        )
      }
    },
  )

  it('finds a full page of articles for a common keyword', async () => {
    // The keyword lists above are only worth comparing if keywords find something.
    const found = baseline.articlePage({
      keyword: '水利',
      pageNo: 1,
      pageSize: 10,
    })
    expect(found.rows.length).toBe(10)
  })

  it.each(['水利', '工程 验收', '水', '招标公告', 'zz无此'])(
    'searches as the portal searches: %s',
    async (keyword) => {
      for (const pageNo of [1, 2, 7, 20]) {
        const portal = await searchPageList(test.db, {
          keyword,
          pageNo,
          pageSize: 10,
        })
        const own = baseline.searchPage({ keyword, pageNo, pageSize: 10 })
        expect(own.total).toBe(portal.Total)
        expect(own.rows.map((row) => row.title)).toEqual(
          portal.Table.map((row) => row.title),
        )
      }
    },
  )

  it('finds results for a common keyword, as the bench asks them', () => {
    expect(
      baseline.searchPage({ keyword: '水利', pageNo: 1, pageSize: 10 }).rows,
    ).toHaveLength(10)
  })

  it('reads an article with the neighbours the portal links', async () => {
    const api = createPortalApiService(test.db)
    const { Table } = await api.articlePageList({
      ptype: 'jd',
      ctype: '1073',
      pageNo: 3,
      pageSize: 10,
    })
    for (const { id } of Table.slice(0, 3)) {
      const portal = await api.articleDetail({ id, ptype: 'jd' })
      const own = baseline.articleDetail(id)
      expect(own?.article.title).toBe(portal?.title)
      expect(own?.prev?.id ?? null).toBe(portal?.prev?.id ?? null)
      expect(own?.next?.id ?? null).toBe(portal?.next?.id ?? null)
    }
  })

  it.each([
    {},
    { stage: 'bidResult' },
    { category: 1, sort: 'openingTime', order: 'asc' },
    { keyword: '水库' },
  ] as const)('lists the projects the portal lists: %o', async (filter) => {
    for (const pageNo of [1, 3]) {
      const portal = await pageProjects(
        test.db,
        { ...filter, pageNo, pageSize: 10 },
        now,
      )
      const own = baseline.projectPage({ ...filter, pageNo, pageSize: 10 })
      expect(own.total).toBe(portal.Total)
      expect(own.rows.map((row) => row.name)).toEqual(
        portal.Table.map((row) => row.name),
      )
    }
  })
})
