import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  articlePath,
  complaintResultPath,
  creditPath,
  linkagePath,
  projectPath,
} from '#common/public-paths.ts'
import { siteMapPagePaths } from '#common/site-map.ts'
import type { Database } from '#server/db/schema.ts'
import { fromShanghaiText } from '#server/shared/publish-time.ts'
import { testConfig } from '#tests/app-config.ts'
import {
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
import { parseXml, publicPageProblem } from '#tests/open-data-documents.ts'
import { buildTestApp } from '#tests/test-app.ts'

import { createOpenDataCache, type OpenDataCache } from './open-data-cache.ts'

const BASE = testConfig('').publicBaseUrl
/** Small children, so that the demo content needs several of each kind. */
const CHILD_SIZE = 10

/** Addresses no crawler is sent to: the console, the APIs, a complainant's own pages. */
const PRIVATE =
  /\/(admin|staff-api|JdPortalApi|xjApi|metrics|files|ca\/sign)\b|\/complaint\/(apply|search)|\/complaint-entry/

type Url = { loc: string; lastmod?: string }

const later = (...times: (string | null | undefined)[]) =>
  times
    .filter((t): t is string => !!t)
    .sort()
    .at(-1) ?? null
const iso = (stored: string | null) =>
  stored ? fromShanghaiText(stored).toISOString() : undefined

/**
 * Every public page the sitemap must list, with the lastmod it must give, read from the tables
 * here: the section pages and every item on the public side.
 */
async function expectedUrls(db: Kysely<Database>) {
  const urls = new Map<string, string | undefined>()
  const add = (path: string, lastmod: string | null) =>
    urls.set(`${BASE}${path}`, iso(lastmod))
  for (const path of siteMapPagePaths())
    if (!PRIVATE.test(path)) add(path, null)
  const articles = await db
    .selectFrom('article')
    .select(['id', 'categoryId', 'publishTime', 'updatedAt'])
    .where('isPublished', '=', 1)
    .execute()
  for (const a of articles)
    add(articlePath(a.id, a.categoryId), later(a.publishTime, a.updatedAt))
  const projects = await db
    .selectFrom('project')
    .select(['id', 'updatedAt'])
    .where('withdrawnAt', 'is', null)
    .execute()
  const announcements = await db
    .selectFrom('projectAnnouncement as a')
    .innerJoin('project as p', 'p.id', 'a.projectId')
    .select([
      'a.projectId',
      'a.stage',
      'a.publishTime',
      'a.correctedAt',
      'p.updatedAt',
    ])
    .where('a.withdrawnAt', 'is', null)
    .where('p.withdrawnAt', 'is', null)
    .execute()
  const linkages = await db
    .selectFrom('linkageRecord as l')
    .innerJoin('project as p', 'p.id', 'l.projectId')
    .select(['l.id', 'l.projectId', 'l.publishTime', 'l.correctedAt'])
    .where('l.withdrawnAt', 'is', null)
    .where('p.withdrawnAt', 'is', null)
    .execute()
  for (const p of projects) {
    const shown = [
      ...announcements.filter((a) => a.projectId === p.id),
      ...linkages.filter((l) => l.projectId === p.id),
    ].flatMap((row) => [row.publishTime, row.correctedAt])
    add(projectPath(p.id), later(p.updatedAt, ...shown))
  }
  for (const a of announcements)
    add(
      projectPath(a.projectId, a.stage),
      later(a.publishTime, a.correctedAt, a.updatedAt),
    )
  for (const l of linkages)
    add(linkagePath(l.id), later(l.publishTime, l.correctedAt))
  const results = await db
    .selectFrom('complaint')
    .select(['id', 'publishedAt'])
    .where('isPublished', '=', 1)
    .where('state', '=', 'decided')
    .execute()
  for (const c of results) add(complaintResultPath(c.id), c.publishedAt)
  const credit = await db
    .selectFrom('creditRecord')
    .select(['id', 'publishTime', 'correctedAt'])
    .where('withdrawnAt', 'is', null)
    .execute()
  for (const c of credit)
    add(creditPath(c.id), later(c.publishTime, c.correctedAt))
  return urls
}

describe.each(testEngines)('the sitemap and robots.txt on %s', (engine) => {
  let t: TestDatabase
  let app: FastifyInstance
  let cache: OpenDataCache

  beforeAll(async () => {
    t = await createTestDatabase(engine)
    cache = createOpenDataCache()
    app = await buildTestApp(t, {
      openData: { cache, sitemapChildSize: CHILD_SIZE },
    })
  })
  afterAll(async () => {
    await app?.close()
    await t?.destroy()
  })

  const get = (url: string) => app.inject({ url })

  /** The index's children and every URL of each, as a crawler reads them. */
  async function crawl() {
    const index = await get('/sitemap.xml')
    expect(index.statusCode).toBe(200)
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8')
    const children = (parseXml(index.body).sitemapindex as { sitemap: Url[] })
      .sitemap
    const read = []
    for (const child of children) {
      expect(child.loc).toMatch(
        new RegExp(`^${BASE}/sitemaps/[a-z-]+-\\d+\\.xml$`),
      )
      const response = await get(child.loc.slice(BASE.length))
      expect(response.statusCode, child.loc).toBe(200)
      expect(response.headers['content-type']).toBe(
        'application/xml; charset=utf-8',
      )
      const urlset = parseXml(response.body).urlset as {
        '@xmlns': string
        url?: Url[]
      }
      expect(urlset['@xmlns']).toBe(
        'http://www.sitemaps.org/schemas/sitemap/0.9',
      )
      read.push({ ...child, urls: urlset.url ?? [] })
    }
    return read
  }

  it('tells crawlers the sitemap and keeps them out of the console, the APIs and the complainants’ pages', async () => {
    const response = await get('/robots.txt')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    const lines = response.body.split('\n')
    expect(lines[0]).toBe('User-agent: *')
    expect(lines).toContain('Allow: /')
    for (const path of [
      '/admin',
      '/staff-api',
      '/JdPortalApi',
      '/xjApi',
      '/complaint/apply',
      '/complaint/search',
      '/complaint-entry',
    ])
      expect(lines).toContain(`Disallow: ${path}`)
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`)
    // Nothing a visitor reads is disallowed.
    for (const line of lines.filter((l) => l.startsWith('Disallow: ')))
      for (const page of [
        '/index/newList',
        '/business/detail',
        '/complaint/list',
      ])
        expect(page.startsWith(line.slice('Disallow: '.length))).toBe(false)
  })

  it('lists every public page once in children of at most the limit, with the canonical address and the time it was last published', async () => {
    const children = await crawl()
    const expected = await expectedUrls(t.db)
    const listed = children.flatMap((child) => child.urls)
    expect(listed.length).toBeGreaterThan(300)
    expect(new Set(listed.map((u) => u.loc)).size).toBe(listed.length)
    expect(new Map(listed.map((u) => [u.loc, u.lastmod]))).toEqual(expected)
    for (const child of children) {
      expect(child.urls.length, child.loc).toBeGreaterThan(0)
      expect(child.urls.length, child.loc).toBeLessThanOrEqual(CHILD_SIZE)
      // A child is dated by its newest page.
      const newest = child.urls
        .map((u) => u.lastmod)
        .filter(Boolean)
        .sort()
        .at(-1)
      expect(child.lastmod, child.loc).toBe(newest)
    }
    // The demo content needs several children of each kind at this size.
    const kinds = children.map(
      (c) => /\/sitemaps\/(.+)-\d+\.xml$/.exec(c.loc)![1],
    )
    for (const kind of ['pages', 'articles', 'projects', 'announcements'])
      expect(kinds.filter((k) => k === kind).length, kind).toBeGreaterThan(1)
    for (const url of listed) {
      expect(url.loc).not.toMatch(PRIVATE)
      expect(await publicPageProblem(app, BASE, url.loc)).toBeNull()
    }
  })

  it('keeps a page in the child of its id block as content grows, and shows a publication and a withdrawal at once', async () => {
    const staff = await contentStaff(app)
    const before = await crawl()
    const item = await publishNotice(
      staff,
      noticeFields('关于水利工程建设项目招标文件备案的通知'),
    )
    const url = `${BASE}${item.publicPath}`
    const id = Number(new URL(url).searchParams.get('id'))
    const after = await crawl()
    const child = after.find((c) => c.urls.some((u) => u.loc === url))!
    expect(child.loc).toBe(
      `${BASE}/sitemaps/articles-${Math.floor((id - 1) / CHILD_SIZE)}.xml`,
    )
    const published = await t.db
      .selectFrom('article')
      .select('updatedAt')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(child.urls.find((u) => u.loc === url)!.lastmod).toBe(
      iso(published.updatedAt),
    )
    // Every other child lists what it listed before.
    for (const old of before)
      if (old.loc !== child.loc)
        expect(after.find((c) => c.loc === old.loc)?.urls).toEqual(old.urls)

    const withdrawn = await staff.reviewer.call(
      'POST',
      `/content/items/${item.id}/withdraw`,
      { reason: '内容有误' },
    )
    expect(withdrawn.statusCode).toBe(200)
    const last = (await crawl()).flatMap((c) => c.urls.map((u) => u.loc))
    expect(last).not.toContain(url)
  })

  it('lists every published credit record’s page, public or archived, in the credit children, and no withdrawn one', async () => {
    const staff = await contentStaff(app)
    const published = []
    for (const [i, party] of [
      '新疆天山润泽水利工程有限公司',
      '新疆昆仑建设监理有限公司',
      '新疆戈壁水务工程有限公司',
    ].entries())
      published.push(
        await publishItem(
          staff,
          'credit',
          // The first decided long ago: its public period is over, it is archived.
          creditFields(party, {
            decisionDate: i === 0 ? '2024-03-01' : '2026-10-20',
          }),
        ),
      )
    const [archived, kept, withdrawnItem] = published
    const withdrawn = await staff.reviewer.call(
      'POST',
      `/content/items/${withdrawnItem!.id}/withdraw`,
      { reason: '处罚决定已被撤销' },
    )
    expect(withdrawn.statusCode, withdrawn.body).toBe(200)

    const children = await crawl()
    const credit = children.filter((c) => c.loc.includes('/sitemaps/credit-'))
    expect(credit.length).toBeGreaterThan(0)
    const locs = credit.flatMap((c) => c.urls.map((u) => u.loc))
    for (const item of [archived!, kept!]) {
      const url = `${BASE}${creditPath(publicIdOf(item))}`
      expect(locs).toContain(url)
      const child = credit.find((c) => c.urls.some((u) => u.loc === url))!
      expect(child.loc).toBe(
        `${BASE}/sitemaps/credit-${Math.floor((publicIdOf(item) - 1) / CHILD_SIZE)}.xml`,
      )
    }
    const gone = `${BASE}${creditPath(publicIdOf(withdrawnItem!))}`
    expect(children.flatMap((c) => c.urls.map((u) => u.loc))).not.toContain(
      gone,
    )
    // Each dated by its publication, as the whole sitemap is checked against the tables.
    const expected = await expectedUrls(t.db)
    for (const url of locs) {
      expect(
        credit.flatMap((c) => c.urls).find((u) => u.loc === url)!.lastmod,
      ).toBe(expected.get(url))
      expect(await publicPageProblem(app, BASE, url)).toBeNull()
    }
  })

  it('answers a child the index does not list 404 in Chinese, and no address makes a 5xx or a cache entry of its own', async () => {
    await crawl()
    const size = cache.size
    for (const url of [
      '/sitemaps/articles-99999.xml',
      '/sitemaps/articles-01.xml',
      '/sitemaps/articles--1.xml',
      '/sitemaps/unknown-0.xml',
      '/sitemaps/articles.xml',
      '/sitemaps/pages-0.xml.gz',
      `/sitemaps/${'a'.repeat(60)}-0.xml`,
      `/sitemaps/${'a'.repeat(5000)}-0.xml`,
      '/sitemaps/%2e%2e%2fsitemap.xml',
      '/sitemaps/',
    ]) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.body).toContain('未找到该站点地图文件')
    }
    for (const url of [
      // A client resolves the dot segments first (as inject does): the index.
      '/sitemaps/../sitemap.xml',
      `/sitemap.xml?page=${Math.random()}`,
      `/robots.txt?${Math.random()}`,
    ])
      expect((await get(url)).statusCode, url).toBe(200)
    expect(cache.size).toBe(size)
  })

  it('puts 50,000 pages in a child unless told fewer', async () => {
    const plain = await buildTestApp(t)
    try {
      const index = await plain.inject({ url: '/sitemap.xml' })
      const locs = (
        parseXml(index.body).sitemapindex as { sitemap: Url[] }
      ).sitemap.map((s) => s.loc.slice(BASE.length))
      expect(locs).toEqual([
        '/sitemaps/pages-0.xml',
        '/sitemaps/articles-0.xml',
        '/sitemaps/projects-0.xml',
        '/sitemaps/announcements-0.xml',
        '/sitemaps/linkages-0.xml',
        '/sitemaps/complaint-results-0.xml',
        '/sitemaps/credit-0.xml',
      ])
    } finally {
      await plain.close()
    }
  })
})
