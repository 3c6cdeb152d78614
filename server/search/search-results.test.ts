import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { SEARCH_RESULTS_MAX } from '#common/constants/search.ts'
import { SearchPageSchema } from '#common/schemas/search.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import {
  indexSearchDocuments,
  type SearchDocumentInput,
} from './search-index.ts'
import { deleteAllSearchDocuments } from './search-repository.ts'
import { searchPageList } from './search-service.ts'

/**
 * 600 documents an hour apart, written in an order unlike their times, so that only the
 * index's order by time can put them newest first. Every body holds 水; 闸门 is in every
 * fifth title and every other body (more documents than a search lists); 泵站 in every
 * twentieth body; 坎儿井 in two. Every third document is a policy.
 */
const COUNT = 600
const hourText = (i: number) =>
  new Date(Date.UTC(2026, 0, 1) + i * 3_600_000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ')

type Doc = SearchDocumentInput & { i: number }
const corpus: Doc[] = Array.from({ length: COUNT }, (_, n) => {
  const i = (n * 7) % COUNT
  const body = [
    '水利工作稳步推进。',
    i % 2 === 0 ? '检修闸门。' : '',
    i % 20 === 0 ? '新建泵站。' : '',
    i === 3 || i === 400 ? '保护坎儿井。' : '',
  ].join('')
  return {
    i,
    type: i % 3 === 0 ? 'policy' : 'article',
    refId: 1000 + i,
    title: i % 5 === 0 ? `第${i}号闸门维修通知` : `第${i}号工程通知`,
    body,
    publishTime: hourText(i),
  }
})

/** What the search must list: the newest matches, titles holding the keyword first. */
function expected(
  has: (doc: Doc) => boolean,
  inTitle: (doc: Doc) => boolean,
  keep: (doc: Doc) => boolean = () => true,
) {
  const newest = corpus
    .filter((doc) => has(doc) && keep(doc))
    .sort((a, b) => b.i - a.i)
  const listed = newest.slice(0, SEARCH_RESULTS_MAX)
  const ranked = [
    ...listed.filter(inTitle),
    ...listed.filter((d) => !inTitle(d)),
  ]
  return {
    refIds: ranked.map((doc) => doc.refId),
    total: listed.length,
    totalCapped: newest.length > SEARCH_RESULTS_MAX,
  }
}

describe.each(testEngines)('search results at size on %s', (engine) => {
  let test: TestDatabase

  beforeAll(async () => {
    test = await createTestDatabase(engine)
    await deleteAllSearchDocuments(test.db)
    await indexSearchDocuments(test.db, corpus)
  })
  afterAll(() => test.destroy())

  /** Every result of a search, page by page as a visitor would go through them. */
  async function allPages(
    keyword: string,
    extra: Record<string, unknown> = {},
  ) {
    const refIds: number[] = []
    let total = 0
    let totalCapped = false
    for (let pageNo = 1; ; pageNo++) {
      const page = await searchPageList(test.db, {
        keyword,
        pageNo,
        pageSize: 10,
        ...extra,
      })
      expect(SearchPageSchema.parse(page)).toEqual(page)
      ;({ Total: total, totalCapped } = page)
      if (page.Table.length === 0) break
      refIds.push(...page.Table.map((hit) => hit.refId))
    }
    return { refIds, total, totalCapped }
  }

  it('lists the newest matches of a common keyword, title matches first, and says there are more', async () => {
    const found = await allPages('闸门')
    expect(found).toEqual(
      expected(
        (d) => d.i % 5 === 0 || d.i % 2 === 0,
        (d) => d.i % 5 === 0,
      ),
    )
    expect(found).toMatchObject({
      total: SEARCH_RESULTS_MAX,
      totalCapped: true,
    })
    // Past the last listed page: nothing, and still the same total.
    const past = await searchPageList(test.db, {
      keyword: '闸门',
      pageNo: SEARCH_RESULTS_MAX / 10 + 1,
      pageSize: 10,
    })
    expect(past).toEqual({
      Table: [],
      Total: SEARCH_RESULTS_MAX,
      totalCapped: true,
    })
  })

  it('finds every match of a keyword in a few documents or in a few hundred, exactly', async () => {
    expect(await allPages('水')).toEqual(
      expected(
        () => true,
        () => false,
      ),
    )
    const pumps = await allPages('泵站')
    expect(pumps).toEqual(
      expected(
        (d) => d.i % 20 === 0,
        () => false,
      ),
    )
    expect(pumps).toMatchObject({ total: 30, totalCapped: false })
    expect(await allPages('坎儿井')).toEqual({
      refIds: [1400, 1003],
      total: 2,
      totalCapped: false,
    })
  })

  it('filters by type and time inside the index', async () => {
    // Exactly as many policies as a search lists: all of them, and no more to tell of.
    expect(await allPages('水', { type: 'policy' })).toEqual(
      expected(
        () => true,
        () => false,
        (d) => d.i % 3 === 0,
      ),
    )
    const from = 550
    const to = 580
    expect(
      await allPages('闸门', {
        startTime: hourText(from),
        endTime: hourText(to),
      }),
    ).toEqual(
      expected(
        (d) => d.i % 5 === 0 || d.i % 2 === 0,
        (d) => d.i % 5 === 0,
        (d) => d.i >= from && d.i <= to,
      ),
    )
  })

  it('never matches a keyword against the type of an entry', async () => {
    expect(await allPages('article')).toEqual({
      refIds: [],
      total: 0,
      totalCapped: false,
    })
    expect(await allPages('policy 水')).toMatchObject({ total: 0 })
  })
})
