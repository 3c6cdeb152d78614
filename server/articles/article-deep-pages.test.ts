import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createCountCache } from '#server/shared/count-cache.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { findArticlePage } from './article-list-repository.ts'
import { insertArticles } from './article-write-repository.ts'

const NOTICE = 1073
const NEWS = 1074
const POLICY = 1002
const ARTICLES = 2137

/**
 * Articles of three categories over some two months: about forty a day, often several at the
 * same second (ties are ordered by id, and a page may start inside a run of them), some days
 * with none, one in nine unpublished.
 */
function generated(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const minutes = Math.floor(i / 3) * 97 + (Math.floor(i / 200) % 2) * 1440
    const time = new Date(Date.UTC(2026, 0, 1) + minutes * 60_000)
      .toISOString()
      .replace('T', ' ')
      .slice(0, 19)
    return {
      categoryId: [NOTICE, NEWS, POLICY][
        i % 3 === 0 ? 1 : i % 7 === 0 ? 2 : 0
      ]!,
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

/** Filters of every shape a list asks: categories and time ranges that start or end mid-day. */
const FILTERS = [
  {},
  { categoryIds: [NOTICE] },
  { categoryIds: [NEWS, POLICY] },
  { categoryIds: [NOTICE, NOTICE] },
  { startTime: '2026-01-20 13:05:00' },
  { endTime: '2026-02-10 07:30:00' },
  {
    categoryIds: [NOTICE, NEWS],
    startTime: '2026-01-11 09:00:00',
    endTime: '2026-02-02 16:59:59',
  },
  { startTime: '2026-01-15 00:00:00', endTime: '2026-01-15 23:59:59' },
  { startTime: '2026-01-15 08:00:00', endTime: '2026-01-15 12:00:00' },
  { startTime: '2026-02-01 00:00:00', endTime: '2026-01-01 00:00:00' },
  { startTime: '2030-01-01 00:00:00' },
  // Ranges that start after a day's last article and end before the next day's first.
  { categoryIds: [NOTICE], startTime: '2026-01-20 23:59:59' },
  { endTime: '2026-02-10 00:00:01' },
]

describe.each(testEngines)('deep article pages on %s', (engine) => {
  let test: TestDatabase
  beforeAll(async () => {
    test = await createTestDatabase(engine, { isEmpty: true })
    await insertArticles(test.db, generated(ARTICLES))
  })
  afterAll(async () => test?.destroy())

  const ids = (rows: { id: number }[]) => rows.map((row) => row.id)

  it.each(FILTERS)(
    'are the rows and total OFFSET finds, from the first page past the last: %o',
    async (filter) => {
      const counts = createCountCache()
      const pageSize = 10
      const plain = await findArticlePage(test.db, {
        ...filter,
        limit: 100_000,
        offset: 0,
      })
      const total = plain.total
      expect(plain.rows).toHaveLength(total)
      const offsets = [
        0,
        1,
        9,
        10,
        37,
        total - 10,
        total - 3,
        total,
        total + 20,
      ]
      for (let offset = 0; offset < total; offset += 83) offsets.push(offset)
      for (const offset of offsets.filter((o) => o >= 0)) {
        const page = await findArticlePage(
          test.db,
          { ...filter, limit: pageSize, offset },
          counts,
        )
        expect(ids(page.rows), `offset ${offset}`).toEqual(
          ids(plain.rows.slice(offset, offset + pageSize)),
        )
        expect(page.total, `offset ${offset}`).toBe(total)
      }
    },
  )

  it('finds something in the filters above, so the comparisons compare pages', async () => {
    const sizes = await Promise.all(
      FILTERS.map(
        async (filter) =>
          (await findArticlePage(test.db, { ...filter, limit: 1, offset: 0 }))
            .total,
      ),
    )
    expect(sizes.filter((size) => size > 200).length).toBeGreaterThan(5)
    expect(sizes.filter((size) => size > 0 && size < 100).length).toBe(2)
  })

  it('are the same rows when pages at several depths are asked for together', async () => {
    const counts = createCountCache()
    const plain = await findArticlePage(test.db, { limit: 100_000, offset: 0 })
    const offsets = [1501, 900, 1309, 3]
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
    const offset = 1502
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
