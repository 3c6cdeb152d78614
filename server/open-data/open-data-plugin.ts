import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'

import { createOpenDataCache, type OpenDataCache } from './open-data-cache.ts'
import { openDataRoutes } from './open-data-routes.ts'
import type { FeedSource, SitemapSource } from './open-data-sources.ts'
import { SITEMAP_MAX_URLS } from './sitemap-document.ts'

export type OpenDataPluginOptions = {
  db: Kysely<Database>
  publicBaseUrl: string
  feeds: FeedSource[]
  sitemaps: SitemapSource[]
  // 50,000 (sitemaps.org) unless a test makes it small.
  sitemapChildSize?: number
  cache?: OpenDataCache
}

export async function openDataPlugin(
  app: FastifyInstance,
  options: OpenDataPluginOptions,
) {
  const childSize = options.sitemapChildSize ?? SITEMAP_MAX_URLS
  if (
    !Number.isSafeInteger(childSize) ||
    childSize < 1 ||
    childSize > SITEMAP_MAX_URLS
  )
    throw new RangeError(`sitemap child size ${childSize}`)
  const cache = options.cache ?? createOpenDataCache()
  app.contentChanges.onChange(() => cache.clear())
  await app.register(openDataRoutes, {
    db: options.db,
    base: options.publicBaseUrl,
    feeds: options.feeds,
    sitemaps: options.sitemaps,
    childSize,
    cache,
  })
}
