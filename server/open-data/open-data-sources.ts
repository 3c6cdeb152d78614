import type { Kysely } from 'kysely'

import type { FeedInfo } from '#common/constants/feeds.ts'
import type { Database } from '#server/db/schema.ts'
import { htmlToText } from '#server/search/search-text.ts'

/*
 * What each subject gives the open data (architecture.md, Open data): its feeds and its part of
 * the sitemap. An area defines its sources over its own repository; server/main.ts lists them,
 * so a new subject adds a feed or a sitemap section with one entry there.
 */

/** Times are stored text, 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai (server/shared/publish-time.ts). */
type StoredTime = string

export type FeedItem = {
  title: string
  /** The item's public page: a path of the site, its canonical address (common/public-paths.ts). */
  path: string
  /** Plain text, the list's summary. */
  summary: string
  /** Its category as a reader groups by it (通知公告, 工程建设·招标公告). */
  category: string
  /** First published: the order of the feed, RSS's pubDate, Atom's published. */
  published: StoredTime
  /** Its last published revision (Atom's updated); the first publication when never revised. */
  updated: StoredTime
}

export type FeedSource = FeedInfo & {
  /** The newest `limit` items on the public side, newest first. */
  items(db: Kysely<Database>, limit: number): Promise<FeedItem[]>
}

export type SitemapEntry = {
  /** The page's path, its canonical address. */
  path: string
  /** When what the page shows was last published; null for pages that say nothing of it. */
  lastmod: StoredTime | null
}

/** One child sitemap of a source: its number and its newest entry's time. */
export type SitemapChild = { n: number; lastmod: StoredTime | null }

/**
 * A section of the sitemap: its children (`/sitemaps/<kind>-<n>.xml`, numbered from 0) of at
 * most `size` entries each, and the entries of one child, read a page at a time so that no
 * request holds more than one child's rows.
 */
export type SitemapSource = {
  /** ASCII, the children's name. */
  kind: string
  children(db: Kysely<Database>, size: number): Promise<SitemapChild[]>
  entries(
    db: Kysely<Database>,
    child: number,
    size: number,
  ): AsyncIterable<SitemapEntry>
}

/** Rows of a table in blocks of ids: block n holds the ids from n × size + 1 to (n + 1) × size. */
type IdBlock = { block: number; lastmod: StoredTime | null }
type IdRange = { afterId: number; untilId: number; limit: number }

/** How many rows a keyset page reads while a child is written. */
const PAGE_ROWS = 2000

/**
 * A sitemap section over the ids of a table: child n is the block of ids from n × size + 1, so
 * an item stays in its child as the table grows, and a child never holds more than `size`. The
 * blocks come from one grouped count; a child's rows are read by keyset, PAGE_ROWS at a time.
 */
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

/** A fixed list of pages, `size` to a child. */
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

/** The later of two stored times (they compare as text); null when both are. */
export function laterTime(
  ...times: (StoredTime | null | undefined)[]
): StoredTime | null {
  let latest: StoredTime | null = null
  for (const time of times)
    if (time && (!latest || time > latest)) latest = time
  return latest
}

const SUMMARY_LENGTH = 120

/**
 * An item's summary: the one its editor wrote, or the start of its text (`html`, possibly cut
 * short, tags and all).
 */
export function feedSummary(summary: string, html: string): string {
  const written = summary.trim()
  if (written) return written
  const text = htmlToText(html.replace(/<[^>]*$/, ''))
  return text.length > SUMMARY_LENGTH
    ? `${text.slice(0, SUMMARY_LENGTH)}…`
    : text
}
