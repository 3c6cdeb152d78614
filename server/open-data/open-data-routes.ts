import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'

import { FEED_ITEM_LIMIT, type FeedFormat } from '#common/constants/feeds.ts'
import {
  FeedFileSchema,
  SitemapChildFileSchema,
} from '#common/schemas/open-data.ts'
import type { Database } from '#server/db/schema.ts'
import { findSiteSettings } from '#server/site/site-settings.ts'
import { fromShanghaiText } from '#server/shared/publish-time.ts'

import { feedContentType, feedDocument, feedUpdated } from './feed-document.ts'
import {
  documentBytes,
  type Encoding,
  encodedBody,
  type OpenDataCache,
  openDataDocument,
  type OpenDataDocument,
} from './open-data-cache.ts'
import {
  type FeedSource,
  laterTime,
  type SitemapChild,
  type SitemapSource,
} from './open-data-sources.ts'
import { robotsText } from './public-pages.ts'
import {
  SITEMAP_CONTENT_TYPE,
  sitemapChildDocument,
  sitemapChildPath,
  sitemapIndexDocument,
} from './sitemap-document.ts'

type OpenDataRoutesOptions = {
  db: Kysely<Database>
  base: string
  feeds: FeedSource[]
  sitemaps: SitemapSource[]
  childSize: number
  cache: OpenDataCache
}

// Readers and crawlers may keep a copy five minutes; after that they ask again with the ETag
// and are answered 304 while nothing was published.
const DOCUMENT_CACHE_CONTROL = 'public, max-age=300'

// A feed is rebuilt within the pages' 10 s after another process's publication (without
// Redis); the sitemap, whose 50,000-address children take seconds to write, within 5 minutes.
const FEED_MAX_AGE_MS = 10_000
const SITEMAP_MAX_AGE_MS = 300_000
const feedCache = { bytes: documentBytes, maxAgeMs: FEED_MAX_AGE_MS }
const sitemapCache = { bytes: documentBytes, maxAgeMs: SITEMAP_MAX_AGE_MS }

function preferredEncoding(request: FastifyRequest): Encoding {
  const accepted = request.headers['accept-encoding'] ?? ''
  if (/\bbr\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted)) return 'gzip'
  return 'identity'
}

// RFC 9110 §13.2.2: If-None-Match first; without it If-Modified-Since, to the second.
function isNotModified(request: FastifyRequest, doc: OpenDataDocument) {
  const ifNoneMatch = request.headers['if-none-match']
  if (ifNoneMatch !== undefined)
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === doc.etag)
  const since = Date.parse(request.headers['if-modified-since'] ?? '')
  return (
    doc.lastModified !== null &&
    !Number.isNaN(since) &&
    Math.floor(doc.lastModified.getTime() / 1000) * 1000 <= since
  )
}

async function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  doc: OpenDataDocument,
) {
  reply
    .header('content-type', doc.contentType)
    .header('cache-control', DOCUMENT_CACHE_CONTROL)
    .header('etag', doc.etag)
    .header('vary', 'Accept-Encoding')
    .header('x-content-type-options', 'nosniff')
  if (doc.lastModified)
    reply.header('last-modified', doc.lastModified.toUTCString())
  if (isNotModified(request, doc)) return reply.code(304).send()
  const encoding = preferredEncoding(request)
  if (encoding !== 'identity') reply.header('content-encoding', encoding)
  return reply.send(await encodedBody(doc, encoding))
}

function notFound(reply: FastifyReply, message: string) {
  return reply
    .code(404)
    .header('content-type', 'text/plain; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .send(message)
}

// Two sources of one name are refused: the second would never be served.
function byName<T>(items: T[], name: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>()
  for (const item of items) {
    if (map.has(name(item)))
      throw new Error(`open data: two sources named ${name(item)}`)
    map.set(name(item), item)
  }
  return map
}

// An address that names no feed or no child answers 404 without reading the database beyond
// the cached list of children.
export async function openDataRoutes(
  app: FastifyInstance,
  { db, base, feeds, sitemaps, childSize, cache }: OpenDataRoutesOptions,
) {
  const feedsByName = byName(feeds, (feed) => feed.name)
  const sitemapsByKind = byName(sitemaps, (source) => source.kind)
  const siteSettings = () =>
    cache.read('site settings', () => findSiteSettings(db), {
      maxAgeMs: FEED_MAX_AGE_MS,
    })

  const feedItems = (feed: FeedSource) =>
    cache.read(`items ${feed.name}`, () => feed.items(db, FEED_ITEM_LIMIT), {
      maxAgeMs: FEED_MAX_AGE_MS,
    })
  const feed = (source: FeedSource, format: FeedFormat) =>
    cache.read(
      `feed ${source.name}.${format}`,
      async () => {
        const [items, site] = await Promise.all([
          feedItems(source),
          siteSettings(),
        ])
        return openDataDocument(
          feedDocument(format, source, items, { base, site }),
          feedContentType(format),
          feedUpdated(items),
        )
      },
      feedCache,
    )

  const children = () =>
    cache.read(
      'sitemap children',
      () =>
        Promise.all(
          sitemaps.map(async (source) => ({
            kind: source.kind,
            children: await source.children(db, childSize),
          })),
        ),
      { maxAgeMs: SITEMAP_MAX_AGE_MS },
    )
  const newest = (list: SitemapChild[]) =>
    laterTime(...list.map((child) => child.lastmod))
  const asDate = (time: string | null) => (time ? fromShanghaiText(time) : null)

  const index = () =>
    cache.read(
      'sitemap index',
      async () => {
        const all = await children()
        const listed = all.flatMap(({ kind, children }) =>
          children.map((child) => ({
            url: `${base}${sitemapChildPath(kind, child.n)}`,
            lastmod: child.lastmod,
          })),
        )
        return openDataDocument(
          await sitemapIndexDocument(listed),
          SITEMAP_CONTENT_TYPE,
          asDate(newest(all.flatMap((source) => source.children))),
        )
      },
      sitemapCache,
    )

  const child = (source: SitemapSource, listed: SitemapChild) =>
    cache.read(
      `sitemap ${source.kind}-${listed.n}`,
      async () =>
        openDataDocument(
          await sitemapChildDocument(
            base,
            source.entries(db, listed.n, childSize),
          ),
          SITEMAP_CONTENT_TYPE,
          asDate(listed.lastmod),
        ),
      sitemapCache,
    )

  const feedNotFound = (reply: FastifyReply) =>
    notFound(
      reply,
      `未找到该订阅源。本站提供的全部 RSS 和 Atom 订阅源见网站地图：${base}/sitemap`,
    )
  const sitemapNotFound = (reply: FastifyReply) =>
    notFound(reply, `未找到该站点地图文件。站点地图索引：${base}/sitemap.xml`)

  const robots = openDataDocument(
    robotsText(base),
    'text/plain; charset=utf-8',
    null,
  )

  app.get('/robots.txt', (request, reply) =>
    sendDocument(request, reply, robots),
  )

  app.get('/sitemap.xml', async (request, reply) =>
    sendDocument(request, reply, await index()),
  )

  // Anything else under the two folders (more segments, a name past the router's 100
  // characters) is no document either: said here, not sent on to the pages.
  app.get('/sitemaps/*', (_request, reply) => sitemapNotFound(reply))
  app.get('/feeds/*', (_request, reply) => feedNotFound(reply))

  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    async (request, reply) => {
      const file = SitemapChildFileSchema.safeParse(request.params.file)
      const source = file.success ? sitemapsByKind.get(file.data.kind) : null
      const listed =
        file.success && source
          ? (await children())
              .find(({ kind }) => kind === source.kind)
              ?.children.find(({ n }) => n === file.data.n)
          : undefined
      if (!source || !listed) return sitemapNotFound(reply)
      return sendDocument(request, reply, await child(source, listed))
    },
  )

  app.get<{ Params: { file: string } }>(
    '/feeds/:file',
    async (request, reply) => {
      const file = FeedFileSchema.safeParse(request.params.file)
      const source = file.success ? feedsByName.get(file.data.name) : undefined
      if (!file.success || !source) return feedNotFound(reply)
      return sendDocument(request, reply, await feed(source, file.data.format))
    },
  )
}
