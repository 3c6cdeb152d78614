import type { Kysely } from 'kysely'

import type { FeedInfo } from '#common/constants/feeds.ts'
import type { Database } from '#server/db/schema.ts'
import { htmlToText } from '#server/search/search-text.ts'

// An area defines its sources over its own repository, so a new subject adds a feed or a
// sitemap section with one entry in server/main.ts.

type StoredTime = string

export type FeedItem = {
  title: string
  path: string
  summary: string
  category: string
  published: StoredTime
  // The first publication when never revised.
  updated: StoredTime
}

export type FeedSource = FeedInfo & {
  items(db: Kysely<Database>, limit: number): Promise<FeedItem[]>
}

export type SitemapEntry = {
  path: string
  // Null for pages that say nothing of when their content was published.
  lastmod: StoredTime | null
}

export type SitemapChild = { n: number; lastmod: StoredTime | null }

// Read a page at a time, so that no request holds more than one child's rows.
export type SitemapSource = {
  kind: string
  children(db: Kysely<Database>, size: number): Promise<SitemapChild[]>
  entries(
    db: Kysely<Database>,
    child: number,
    size: number,
  ): AsyncIterable<SitemapEntry>
}

// Block n holds the ids from n × size + 1 to (n + 1) × size.
type IdBlock = { block: number; lastmod: StoredTime | null }
type IdRange = { afterId: number; untilId: number; limit: number }

const PAGE_ROWS = 2000

// By blocks of ids, so an item stays in its child as the table grows.
export function idBlockSitemapSource<Row extends { id: number }>(options: {
  kind: string
  blocks(db: Kysely<Database>, size: number): Promise<IdBlock[]>
  rows(db: Kysely<Database>, range: IdRange): Promise<Row[]>
  entry(row: Row): SitemapEntry
}): SitemapSource {
  return {
    kind: options.kind,
    async children(db, size) {
      const blocks = await options.blocks(db, size)
      return blocks.map(({ block, lastmod }) => ({ n: block, lastmod }))
    },
    async *entries(db, child, size) {
      const untilId = (child + 1) * size
      let afterId = child * size
      for (;;) {
        const rows = await options.rows(db, {
          afterId,
          untilId,
          limit: PAGE_ROWS,
        })
        for (const row of rows) yield options.entry(row)
        if (rows.length < PAGE_ROWS) return
        afterId = rows.at(-1)!.id
      }
    },
  }
}

export function fixedSitemapSource(
  kind: string,
  entries: () => SitemapEntry[],
): SitemapSource {
  return {
    kind,
    async children(_db, size) {
      const count = Math.ceil(entries().length / size)
      return Array.from({ length: count }, (_, n) => ({ n, lastmod: null }))
    },
    async *entries(_db, child, size) {
      yield* entries().slice(child * size, (child + 1) * size)
    },
  }
}

export function laterTime(
  ...times: (StoredTime | null | undefined)[]
): StoredTime | null {
  let latest: StoredTime | null = null
  for (const time of times)
    if (time && (!latest || time > latest)) latest = time
  return latest
}

const SUMMARY_LENGTH = 120

export function feedSummary(summary: string, html: string): string {
  const written = summary.trim()
  if (written) return written
  const text = htmlToText(html.replace(/<[^>]*$/, ''))
  return text.length > SUMMARY_LENGTH
    ? `${text.slice(0, SUMMARY_LENGTH)}…`
    : text
}
