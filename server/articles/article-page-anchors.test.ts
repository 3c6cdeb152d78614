import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createCountCache } from '#server/shared/count-cache.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import {
  ANCHOR_STEP,
  findArticlePage,
  insertArticles,
} from './article-repository.ts'

const NOTICE = 1073
const NEWS = 1074
/** Enough rows for several anchors in one category and a few in the other. */
const ARTICLES = 4 * ANCHOR_STEP + 137

/**
 * Articles of two categories, many of them published at the same second (ties are ordered by
 * id, and an anchor may fall inside a run of ties), one in nine unpublished.
 */
function generated(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const second = Math.floor(i / 7)
    const time = new Date(Date.UTC(2026, 0, 1) + second * 1000)
      .toISOString()
      .replace('T', ' ')
      .slice(0, 19)
    return {
      categoryId: i % 3 === 0 ? NEWS : NOTICE,
      title: `文章${i}`,
      summary: '',
      content: '<p>正文</p>',
      source: '',
      author: '',
      coverFileId: null,
      isRotation: 0,
      isPublished: i % 9 === 4 ? 0 : 1,
      publishTime: time,
      createdAt: time,
      updatedAt: time,
    }
  })
}

describe.each(testEngines)('deep article pages on %s', (engine) => {
  let test: TestDatabase
  beforeAll(async () => {
    test = await createTestDatabase(engine, { isEmpty: true })
    await insertArticles(test.db, generated(ARTICLES))
  })
  afterAll(async () => test?.destroy())

  const ids = (rows: { id: number }[]) => rows.map((row) => row.id)

  it('are the same rows from a page anchor as by OFFSET alone, at every depth, past the end too', async () => {
    const counts = createCountCache()
    const pageSize = 10
    for (const categoryIds of [undefined, [NOTICE], [NEWS]]) {
      const plain = await findArticlePage(test.db, {
        categoryIds,
        limit: 100_000,
        offset: 0,
      })
      const total = plain.rows.length
      // Around every anchor, at the last page and after it.
      const offsets = [0, 3 * ANCHOR_STEP - 7, total - 3, total + 20]
      for (let anchor = 2; anchor * ANCHOR_STEP < total; anchor++)
        for (const shift of [-1, 0, 1, 5])
          offsets.push(anchor * ANCHOR_STEP + shift)
      for (const offset of offsets) {
        const page = await findArticlePage(
          test.db,
          { categoryIds, limit: pageSize, offset },
          counts,
        )
        expect(ids(page.rows), `offset ${offset}`).toEqual(
          ids(plain.rows.slice(offset, offset + pageSize)),
        )
        expect(page.total).toBe(total)
      }
    }
  })

  it('are the same rows when pages at several depths are asked for together, extending one filter', async () => {
    const counts = createCountCache()
    const plain = await findArticlePage(test.db, { limit: 100_000, offset: 0 })
    const offsets = [4 * ANCHOR_STEP + 1, 2 * ANCHOR_STEP, 3 * ANCHOR_STEP + 9]
    const pages = await Promise.all(
      offsets.map((offset) =>
        findArticlePage(test.db, { limit: 10, offset }, counts),
      ),
    )
    pages.forEach((page, i) =>
      expect(ids(page.rows), `offset ${offsets[i]}`).toEqual(
        ids(plain.rows.slice(offsets[i], offsets[i]! + 10)),
      ),
    )
  })

  it('follows a publication once the list facts are cleared, as content changes clear them', async () => {
    const counts = createCountCache()
    const offset = 3 * ANCHOR_STEP + 2
    const before = await findArticlePage(test.db, { limit: 5, offset }, counts)
    // A new article at the top pushes every row down by one.
    await insertArticles(test.db, [
      { ...generated(1)[0]!, publishTime: '2027-01-01 00:00:00' },
    ])
    counts.clear()
    const after = await findArticlePage(test.db, { limit: 5, offset }, counts)
    expect(ids(after.rows).slice(1)).toEqual(ids(before.rows).slice(0, 4))
    expect(after.total).toBe(before.total + 1)
  })
})
