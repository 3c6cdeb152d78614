import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  type ArticleFeed,
  CREDIT_FEED,
  FEED_GROUPS,
  FEED_ITEM_LIMIT,
  NEWS_FEEDS,
  POLICY_FEEDS,
  TRADE_FEEDS,
  type TradeFeed,
} from '#common/constants/feeds.ts'
import { articlePath, creditPath, projectPath } from '#common/public-paths.ts'
import type { Database } from '#server/db/schema.ts'
import { fromShanghaiText } from '#server/shared/publish-time.ts'
import { testConfig } from '#tests/app-config.ts'
import {
  baseOf,
  contentStaff,
  noticeFields,
  publicIdOf,
  publishItem,
  publishNotice,
} from '#tests/content-test-api.ts'
import { creditFields } from '#tests/credit-fixtures.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import {
  atomFeed,
  atomProblems,
  CHINESE,
  publicPageProblem,
  rssChannel,
  textOf,
} from '#tests/open-data-documents.ts'
import { runningClock } from '#tests/setup/test-clock.ts'
import { buildTestApp } from '#tests/test-app.ts'

import { createOpenDataCache, type OpenDataCache } from './open-data-cache.ts'

const BASE = testConfig('').publicBaseUrl

/** What a feed must list, read from the tables here: its newest public rows, newest first. */
async function expectedItems(
  db: Kysely<Database>,
  feed: ArticleFeed | TradeFeed | typeof CREDIT_FEED,
) {
  if (!('categoryIds' in feed) && !('category' in feed)) {
    const rows = await db
      .selectFrom('creditRecord')
      .select(['id', 'publishTime'])
      .where('withdrawnAt', 'is', null)
      .orderBy('publishTime', 'desc')
      .orderBy('id', 'desc')
      .limit(FEED_ITEM_LIMIT)
      .execute()
    return rows.map((r) => ({
      url: `${BASE}${creditPath(r.id)}`,
      published: fromShanghaiText(r.publishTime),
    }))
  }
  if ('categoryIds' in feed) {
    const rows = await db
      .selectFrom('article')
      .select(['id', 'categoryId', 'publishTime'])
      .where('isPublished', '=', 1)
      .where('categoryId', 'in', feed.categoryIds)
      .orderBy('publishTime', 'desc')
      .orderBy('id', 'desc')
      .limit(FEED_ITEM_LIMIT)
      .execute()
    return rows.map((r) => ({
      url: `${BASE}${articlePath(r.id, r.categoryId)}`,
      published: fromShanghaiText(r.publishTime),
    }))
  }
  let query = db
    .selectFrom('projectAnnouncement as a')
    .innerJoin('project as p', 'p.id', 'a.projectId')
    .select(['a.projectId', 'a.stage', 'a.publishTime'])
    .where('a.withdrawnAt', 'is', null)
    .where('p.withdrawnAt', 'is', null)
  if (feed.category !== null)
    query = query.where('p.category', '=', feed.category)
  const rows = await query
    .orderBy('a.publishTime', 'desc')
    .orderBy('a.id', 'desc')
    .limit(FEED_ITEM_LIMIT)
    .execute()
  return rows.map((r) => ({
    url: `${BASE}${projectPath(r.projectId, r.stage)}`,
    published: fromShanghaiText(r.publishTime),
  }))
}

const ALL_FEEDS = [...NEWS_FEEDS, ...POLICY_FEEDS, ...TRADE_FEEDS, CREDIT_FEED]

describe('the Atom check the feed tests use', () => {
  const entry = (inner: string) =>
    `<entry><id>https://example.org/1</id><title>标题</title><updated>2026-11-20T01:00:00Z</updated>${inner}</entry>`
  const atom = (inner: string, entries: string) =>
    `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">${inner}${entries}</feed>`
  const head =
    '<id>https://example.org/feed</id><title>订阅</title><updated>2026-11-20T01:00:00Z</updated>' +
    '<link rel="self" href="https://example.org/feed"/>'
  const author = '<author><name>水利厅</name></author>'
  const link = '<link href="https://example.org/1"/>'

  it('accepts a minimal valid feed and names each missing requirement', () => {
    expect(atomProblems(atom(head + author, entry(link)))).toEqual([])
    // An author on every entry stands for the feed's.
    expect(atomProblems(atom(head, entry(link + author)))).toEqual([])
    const cases: [string, string, RegExp][] = [
      [head.replace(/<id>.*?<\/id>/, '') + author, entry(link), /0 <id>/],
      [
        head + author,
        entry('<category label="通知公告"/>' + link),
        /without term/,
      ],
      [head, entry(link), /no <author>/],
      [head.replace(/<link[^>]*>/, '') + author, entry(link), /rel="self"/],
      [
        head + author,
        entry('<link rel="enclosure" href="https://example.org/a.pdf"/>'),
        /neither <content>/,
      ],
      [
        head.replace('2026-11-20T01:00:00Z', '2026-11-20 01:00'),
        entry(link) + author,
        /RFC 3339/,
      ],
      [
        head + author,
        entry(link).replace(/<title>.*?<\/title>/, ''),
        /0 <title>/,
      ],
    ]
    for (const [inner, entries, problem] of cases)
      expect(atomProblems(atom(inner, entries)).join('\n')).toMatch(problem)
  })
})

describe.each(testEngines)('the RSS and Atom feeds on %s', (engine) => {
  let t: TestDatabase
  let app: FastifyInstance
  let cache: OpenDataCache
  // The portal's clock, running from TEST_NOW; a test moves it on where it needs time to pass.
  const running = runningClock()
  let ahead = 0

  beforeAll(async () => {
    t = await createTestDatabase(engine)
    cache = createOpenDataCache()
    app = await buildTestApp(t, {
      openData: { cache },
      now: () => new Date(running().getTime() + ahead),
    })
  })
  afterAll(async () => {
    await app?.close()
    await t?.destroy()
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers })

  it('names every feed once, in short ASCII, and lists each in a group of the site map', () => {
    const names = ALL_FEEDS.map((feed) => feed.name)
    expect(new Set(names).size).toBe(names.length)
    for (const name of names) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/)
    expect(FEED_GROUPS.flatMap((g) => g.feeds.map((f) => f.name))).toEqual(
      names,
    )
    expect(names).toEqual(
      expect.arrayContaining([
        'notice',
        'news',
        'industry',
        'policies',
        'credit',
      ]),
    )
    expect(TRADE_FEEDS).toHaveLength(8)
  })

  it('serves each feed as valid RSS 2.0 with its newest 50 items in order, Chinese, linked absolutely to their public pages', async () => {
    for (const feed of ALL_FEEDS) {
      const response = await get(`/feeds/${feed.name}.rss`)
      expect(response.statusCode, feed.name).toBe(200)
      expect(response.headers['content-type']).toBe(
        'application/rss+xml; charset=utf-8',
      )
      const channel = rssChannel(response.body)
      expect(channel.title).toContain(feed.title)
      expect(channel.title).toMatch(CHINESE)
      expect(channel.link).toBe(`${BASE}${feed.listPath}`)
      expect(channel.description).toMatch(CHINESE)
      expect(channel.language).toBe('zh-CN')
      expect(channel['atom:link'][0]!['@href']).toBe(
        `${BASE}/feeds/${feed.name}.rss`,
      )
      const expected = await expectedItems(t.db, feed)
      const items = channel.item ?? []
      expect(items.map((item) => item.link)).toEqual(expected.map((e) => e.url))
      expect(items.length).toBeLessThanOrEqual(FEED_ITEM_LIMIT)
      items.forEach((item, i) => {
        expect(item.title, item.link).toMatch(CHINESE)
        expect(item.description.length, item.link).toBeGreaterThan(10)
        expect(item.description).toMatch(CHINESE)
        expect(textOf(item.guid)).toBe(item.link)
        expect(new Date(item.pubDate).getTime()).toBe(
          expected[i]!.published.getTime(),
        )
      })
      if (items.length > 0)
        expect(
          new Date(channel.lastBuildDate).getTime(),
        ).toBeGreaterThanOrEqual(expected[0]!.published.getTime())
    }
    // The demo content holds more trade announcements than a feed carries.
    const trade = rssChannel((await get('/feeds/trade.rss')).body)
    expect(trade.item).toHaveLength(FEED_ITEM_LIMIT)
  })

  it('serves each feed as valid Atom with id, title, updated, author and the same entries', async () => {
    for (const feed of ALL_FEEDS) {
      const response = await get(`/feeds/${feed.name}.atom`)
      expect(response.statusCode, feed.name).toBe(200)
      expect(response.headers['content-type']).toBe(
        'application/atom+xml; charset=utf-8',
      )
      const atom = atomFeed(response.body)
      expect(atom.id).toBe(`${BASE}/feeds/${feed.name}.atom`)
      expect(textOf(atom.title)).toMatch(CHINESE)
      expect(atom.author.name).toMatch(CHINESE)
      expect(Number.isNaN(Date.parse(atom.updated))).toBe(false)
      expect(atom.link).toEqual(
        expect.arrayContaining([
          { '@rel': 'self', '@href': `${BASE}/feeds/${feed.name}.atom` },
          { '@rel': 'alternate', '@href': `${BASE}${feed.listPath}` },
        ]),
      )
      const expected = await expectedItems(t.db, feed)
      const entries = atom.entry ?? []
      expect(entries.map((e) => e.link[0]!['@href'])).toEqual(
        expected.map((e) => e.url),
      )
      entries.forEach((entry, i) => {
        expect(entry.id).toBe(expected[i]!.url)
        expect(textOf(entry.title)).toMatch(CHINESE)
        expect(textOf(entry.summary)).toMatch(CHINESE)
        expect(Date.parse(entry.published)).toBe(
          expected[i]!.published.getTime(),
        )
        // The latest revision is never before the first publication.
        expect(Date.parse(entry.updated)).toBeGreaterThanOrEqual(
          Date.parse(entry.published),
        )
        expect(Date.parse(atom.updated)).toBeGreaterThanOrEqual(
          Date.parse(entry.updated),
        )
      })
    }
  })

  it('serves every feed of the catalogue as Atom a reader accepts: what RFC 4287 requires, a term on every category', async () => {
    const served = FEED_GROUPS.flatMap((group) => group.feeds)
    let categories = 0
    for (const feed of served) {
      const body = (await get(`/feeds/${feed.name}.atom`)).body
      expect(atomProblems(body), feed.name).toEqual([])
      const entries = atomFeed(body).entry ?? []
      categories += entries.filter((entry) => entry.category).length
    }
    // The demo content fills the feeds: the rules above were checked on real entries.
    expect(categories).toBeGreaterThan(100)
  })

  it('links every item to a public page that shows it', async () => {
    const links = new Set<string>()
    for (const feed of ALL_FEEDS) {
      const channel = rssChannel((await get(`/feeds/${feed.name}.rss`)).body)
      for (const item of channel.item ?? []) links.add(item.link)
    }
    expect(links.size).toBeGreaterThan(100)
    for (const link of links)
      expect(await publicPageProblem(app, BASE, link)).toBeNull()
  })

  it('answers a repeated request from its cache with ETag and Last-Modified, and 304 to a reader that has it', async () => {
    const first = await get('/feeds/news.atom')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers['last-modified']).toBeTruthy()
    expect(first.headers['cache-control']).toBe('public, max-age=300')
    const again = await get('/feeds/news.atom')
    expect(again.body).toBe(first.body)
    const unchanged = await get('/feeds/news.atom', { 'if-none-match': etag })
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.body).toBe('')
    const since = await get('/feeds/news.atom', {
      'if-modified-since': first.headers['last-modified'] as string,
    })
    expect(since.statusCode).toBe(304)
    const gzip = await get('/feeds/news.atom', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers.vary).toBe('Accept-Encoding')
    const head = await app.inject({ method: 'HEAD', url: '/feeds/news.rss' })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-type']).toBe(
      'application/rss+xml; charset=utf-8',
    )
  })

  it('shows a notice published through the content workflow at the top of its feeds at once', async () => {
    const before = await get('/feeds/notice.rss')
    const staff = await contentStaff(app)
    const item = await publishNotice(
      staff,
      noticeFields('关于开展2026年度水利工程招标代理机构检查的通知'),
    )
    for (const name of ['notice', 'notice-industry']) {
      const channel = rssChannel((await get(`/feeds/${name}.rss`)).body)
      expect(channel.item![0]!.title).toBe(
        '关于开展2026年度水利工程招标代理机构检查的通知',
      )
      expect(channel.item![0]!.link).toBe(`${BASE}${item.publicPath}`)
      expect(channel.item![0]!.description).toContain('请各有关单位按要求执行')
    }
    const after = await get('/feeds/notice.rss', {
      'if-none-match': before.headers.etag as string,
    })
    expect(after.statusCode).toBe(200)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    // The news feed holds no notice.
    const news = rssChannel((await get('/feeds/news.rss')).body)
    expect(news.item!.map((i) => i.title)).not.toContain(
      '关于开展2026年度水利工程招标代理机构检查的通知',
    )
  })

  it('shows a credit record published through the content workflow at the top of the credit feed, corrected, and drops it when withdrawn', async () => {
    const staff = await contentStaff(app)
    const party = '新疆天山润泽水利工程有限公司'
    const fields = creditFields(party, { decisionDate: '2026-10-20' })
    const item = await publishItem(staff, 'credit', fields)
    const url = `${BASE}/credit/detail?id=${publicIdOf(item)}`
    expect(`${BASE}${item.publicPath}`).toBe(url)
    const rss = rssChannel((await get('/feeds/credit.rss')).body)
    expect(rss.title).toContain('信用信息（不良行为记录）')
    expect(rss.link).toBe(`${BASE}/credit/list`)
    expect(rss.item![0]).toMatchObject({
      title: `${party}行政处罚决定`,
      link: url,
    })
    expect(rss.item![0]!.description).toContain('借用其他企业的资质证书')
    expect(rss.item![0]!.description).toContain('新疆维吾尔自治区水利厅')
    const atom = atomFeed((await get('/feeds/credit.atom')).body)
    const entry = atom.entry![0]!
    expect(entry.id).toBe(url)
    expect(entry.updated).toBe(entry.published)

    // A correction dates the entry's update (times are kept to the second: the clock moves on
    // one first); the feed keeps its first publication's order.
    ahead += 1000
    const corrected = await staff.editor.call(
      'PUT',
      `/content/items/${item.id}/draft`,
      {
        kind: 'credit',
        fields: { ...fields, documentNumber: '新水罚〔2026〕16号' },
        base: baseOf(item),
        isCorrection: true,
        correctionNote: '更正决定文号',
      },
    )
    expect(corrected.statusCode, corrected.body).toBe(200)
    const submitted = await staff.editor.call(
      'POST',
      `/content/items/${item.id}/submit`,
      { base: baseOf(corrected.json()) },
    )
    const approved = await staff.reviewer.call(
      'POST',
      `/content/items/${item.id}/approve`,
      { base: baseOf(submitted.json()) },
    )
    expect(approved.statusCode, approved.body).toBe(200)
    const after = atomFeed((await get('/feeds/credit.atom')).body).entry!
    expect(after[0]!.id).toBe(url)
    expect(Date.parse(after[0]!.updated)).toBeGreaterThan(
      Date.parse(after[0]!.published),
    )
    expect(textOf(after[0]!.summary)).toContain('新水罚〔2026〕16号')

    const withdrawn = await staff.reviewer.call(
      'POST',
      `/content/items/${item.id}/withdraw`,
      { reason: '处罚决定已被撤销' },
    )
    expect(withdrawn.statusCode, withdrawn.body).toBe(200)
    for (const format of ['rss', 'atom']) {
      const body = (await get(`/feeds/credit.${format}`)).body
      expect(body, format).not.toContain(url)
      expect(body, format).not.toContain(party)
    }
  })

  it('answers an unknown feed 404 in Chinese, and no address makes a 5xx or a cache entry of its own', async () => {
    for (const url of [
      '/feeds/unknown.rss',
      '/feeds/news.json',
      '/feeds/NEWS.RSS',
      '/feeds/news.rss.rss',
      '/feeds/news',
      '/feeds/.rss',
    ]) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
      expect(response.body).toContain('未找到该订阅源')
    }
    await get('/feeds/news.rss')
    const size = cache.size
    const odd = [
      '/feeds/../x.rss',
      '/feeds/%2e%2e%2fx.rss',
      '/feeds/..%2Fnews.rss',
      '/feeds/%00.rss',
      '/feeds/%E6%96%B0%E9%97%BB.rss',
      `/feeds/${'a'.repeat(5000)}.rss`,
      `/feeds/${'a-'.repeat(30)}a.atom`,
      '/feeds/',
      '/feeds//news.rss',
      '/feeds/news.rss/more',
    ]
    for (let i = 0; i < 50; i++)
      odd.push(`/feeds/news.rss?x=${Math.random().toString(36).slice(2)}`)
    for (const url of odd) {
      const response = await get(url)
      if (url.includes('?x=')) expect(response.statusCode, url).toBe(200)
      // A client resolves the dot segments first (as inject does): whatever it reaches.
      else if (url.includes('/../'))
        expect(response.statusCode, url).toBeLessThan(500)
      else {
        expect(response.statusCode, url).toBe(404)
        expect(response.body, url).toContain('未找到该订阅源')
      }
    }
    // Not even a URL: refused before any route.
    expect((await get('/feeds/%ZZ.rss')).statusCode).toBe(400)
    expect(cache.size).toBe(size)
  })
})
