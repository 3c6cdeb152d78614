import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { SearchPageSchema } from '#common/schemas/search.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import {
  indexSearchDocuments,
  removeSearchDocuments,
  type SearchDocumentInput,
} from './search-index.ts'
import { deleteAllSearchDocuments } from './search-repository.ts'
import { searchPageList } from './search-service.ts'

/**
 * A fixed corpus with known contents. Times are distinct so the expected orders are exact:
 * documents whose titles hold more of the keywords first, then newer before older.
 */
const corpus: (SearchDocumentInput & { key: string })[] = [
  {
    key: 'A',
    type: 'announcement',
    refId: 1,
    projectId: 11,
    stage: 'bidNotice',
    subTypeName: '招标公告',
    title: '青年水库除险加固工程招标公告',
    body: '本招标项目已批准建设，招标人为精河县水利局，现对该项目的施工进行公开招标。',
    publishTime: '2026-03-01 10:00:00',
  },
  {
    key: 'B',
    type: 'policy',
    refId: 2,
    categoryId: 928,
    subTypeName: '自治区政策法规',
    title: '乌鲁木齐市水库群联合调度管理办法',
    body: '为规范联合调度，保障供水安全，制定本办法。',
    publishTime: '2026-02-01 10:00:00',
  },
  {
    key: 'C',
    type: 'article',
    refId: 3,
    categoryId: 1073,
    subTypeName: '通知公告',
    title: '关于做好汛期安全生产工作的通知',
    body: '各地要压实责任，各水库管理单位要加强巡查值守，确保安全度汛。',
    publishTime: '2026-05-01 10:00:00',
  },
  {
    key: 'D',
    type: 'project',
    refId: 4,
    categoryId: 1,
    subTypeName: '工程建设',
    title: '新建水厂供水管网工程',
    body: '建设内容包括配水管网及加压泵站。',
    publishTime: '2026-04-01 10:00:00',
  },
  {
    key: 'E',
    type: 'policy',
    refId: 5,
    categoryId: 927,
    subTypeName: '国家法律法规',
    title: '招标投标法实施条例',
    body: '投标人或者其他利害关系人认为招标投标活动不符合法律、行政法规规定的，可以自知道或者应当知道之日起10日内向有关行政监督部门投诉。',
    publishTime: '2025-12-01 10:00:00',
  },
  {
    key: 'F',
    type: 'policy',
    refId: 6,
    categoryId: 929,
    subTypeName: '政策解读',
    title: 'GB/T 50268 给水排水管道工程施工及验收规范解读',
    body: '规范适用于新建、扩建和改建的城镇公用设施。',
    publishTime: '2026-01-15 10:00:00',
  },
  {
    key: 'G',
    type: 'article',
    refId: 7,
    categoryId: 1001,
    subTypeName: '行业动态',
    title: '水利工程评标专家管理办法修订',
    body: '评标专家库覆盖水库、堤防、灌区等专业。',
    publishTime: '2026-06-01 10:00:00',
  },
  {
    key: 'H',
    type: 'article',
    refId: 8,
    categoryId: 1002,
    subTypeName: '新闻动态',
    title: '含有特殊字符 "引号" 与 100% 的标题',
    body: `It is NEAR the OR gate; a_b c\\d 'x' -- <script>alert(1)</script> 结束`,
    publishTime: '2025-11-01 10:00:00',
  },
]
const keyOf = new Map(
  corpus.map((doc) => [`${doc.type}:${doc.refId}`, doc.key]),
)
const base = { pageNo: 1, pageSize: 10 }

describe.each(testEngines)('site-wide search on %s', (engine) => {
  let test: TestDatabase

  beforeAll(async () => {
    test = await createTestDatabase(engine)
    await deleteAllSearchDocuments(test.db)
    await indexSearchDocuments(test.db, corpus)
  })
  afterAll(() => test.destroy())

  async function search(keyword: string, extra: Record<string, unknown> = {}) {
    const page = await searchPageList(test.db, { ...base, keyword, ...extra })
    expect(SearchPageSchema.parse(page)).toEqual(page)
    return {
      keys: page.Table.map((hit) => keyOf.get(`${hit.type}:${hit.refId}`)),
      total: page.Total,
      hits: page.Table,
    }
  }

  it('ranks title matches above body matches, newer first within each', async () => {
    // A and B hold 水库 in the title (B inside the word 水库群); G and C only in the body.
    expect((await search('水库')).keys).toEqual(['A', 'B', 'G', 'C'])
  })

  it('finds every document containing a one-character keyword', async () => {
    const { keys, total } = await search('水')
    expect(keys).toEqual(['G', 'D', 'A', 'B', 'F', 'C'])
    expect(total).toBe(6)
  })

  it('finds two-character keywords however the segmenter cut the text', async () => {
    // 库群 lies inside the word 水库群; 建水 spans the words 新建 and 水厂.
    expect((await search('库群')).keys).toEqual(['B'])
    expect((await search('建水')).keys).toEqual(['D'])
    expect((await search('投诉')).keys).toEqual(['E'])
  })

  it('needs every space-separated keyword and ranks by how many the title holds', async () => {
    expect((await search('除险加固 水库')).keys).toEqual(['A'])
    expect((await search('水库 通知')).keys).toEqual(['C'])
    expect((await search('管理办法 水库')).keys).toEqual(['B', 'G'])
  })

  it('matches a longer keyword as the text it is, not as scattered characters', async () => {
    expect((await search('联合调度')).keys).toEqual(['B'])
    expect((await search('水库联合')).keys).toEqual([])
  })

  it('matches words of other scripts, full-width forms and a number cut short', async () => {
    expect((await search('gb/t 50268')).keys).toEqual(['F'])
    expect((await search('ＧＢ')).keys).toEqual(['F'])
    expect((await search('5026')).keys).toEqual(['F'])
    expect((await search('10日内')).keys).toEqual(['E'])
  })

  it('filters by type and by time, and pages with a stable total', async () => {
    expect((await search('水', { type: 'policy' })).keys).toEqual(['B', 'F'])
    expect(
      (await search('水', { startTime: '2026-03-15 00:00:00' })).keys,
    ).toEqual(['G', 'D', 'C'])
    expect(
      (await search('水', { endTime: '2026-02-01 23:59:59' })).keys,
    ).toEqual(['B', 'F'])
    const second = await search('水', { pageSize: 2, pageNo: 2 })
    expect(second.keys).toEqual(['A', 'B'])
    expect(second.total).toBe(6)
  })

  it('highlights the keywords in an escaped title and snippet', async () => {
    const [hit] = (await search('水库')).hits
    expect(hit?.titleHtml).toBe('青年<mark>水库</mark>除险加固工程招标公告')
    const quoted = (await search('引号')).hits[0]
    expect(quoted?.titleHtml).toBe(
      '含有特殊字符 &quot;<mark>引号</mark>&quot; 与 100% 的标题',
    )
    expect(quoted?.snippetHtml).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    )
    expect(quoted?.snippetHtml).not.toContain('<script>')
    const body = (await search('巡查')).hits[0]
    expect(body?.snippetHtml).toContain('<mark>巡查</mark>')
    // The link fields of an announcement lead to its project and stage.
    expect(hit).toMatchObject({
      type: 'announcement',
      typeName: '交易公告',
      projectId: 11,
      stage: 'bidNotice',
      subTypeName: '招标公告',
    })
  })

  it('answers an empty or white-space query with nothing, not an error', async () => {
    expect(await search('')).toMatchObject({ keys: [], total: 0 })
    expect(await search(' \t\u3000 ')).toMatchObject({ keys: [], total: 0 })
  })

  it('cuts a 10,000-character query to its first 100 characters', async () => {
    const padded = await searchPageList(test.db, {
      ...base,
      keyword: `水库${' '.repeat(99)}${'招'.repeat(9_899)}`,
    })
    expect(padded.Table.map((h) => keyOf.get(`${h.type}:${h.refId}`))).toEqual([
      'A',
      'B',
      'G',
      'C',
    ])
    const long = await searchPageList(test.db, {
      ...base,
      keyword: '水'.repeat(10_000),
    })
    expect(long).toEqual({ Table: [], Total: 0, totalCapped: false })
  })

  it('treats SQL and FTS syntax characters as plain text', async () => {
    for (const keyword of ['"水库"', '水库*', '水库;', '水库--', "水库'"])
      expect((await search(keyword)).keys).toEqual(['A', 'B', 'G', 'C'])
    expect((await search('NEAR')).keys).toEqual(['H'])
    expect((await search('or')).keys).toEqual(['H'])
    expect((await search('水库 OR 通知')).keys).toEqual([])
    expect((await search('100%')).keys).toEqual(['H'])
    expect((await search('a_b')).keys).toEqual(['H'])
    expect((await search('c\\d')).keys).toEqual(['H'])
    expect((await search("'x'")).keys).toEqual(['H'])
    for (const keyword of [
      '%',
      '_',
      '\\',
      '"',
      '*',
      ':',
      'title_terms:水库',
      '{body_terms}: 水',
      "水库'; drop table search_document; --",
      'NEAR(水库 通知, 5)',
      '^水库',
    ])
      await expect(search(keyword)).resolves.toBeDefined()
    expect((await search('水')).total).toBe(6)
  })

  it('replaces an entry on re-index and forgets a removed one', async () => {
    await indexSearchDocuments(test.db, [
      {
        ...corpus[3]!,
        title: '新建水厂供水管网工程（变更）',
        body: '调整泵站位置。',
      },
    ])
    const changed = await search('泵站')
    expect(changed.keys).toEqual(['D'])
    expect(changed.hits[0]?.title).toBe('新建水厂供水管网工程（变更）')
    expect((await search('加压')).keys).toEqual([])
    await removeSearchDocuments(test.db, [{ type: 'project', refId: 4 }])
    expect((await search('泵站')).keys).toEqual([])
    await indexSearchDocuments(test.db, [corpus[3]!])
  })
})
