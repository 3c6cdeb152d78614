import { Feed } from 'feed'

import {
  FEED_MEDIA_TYPES,
  type FeedFormat,
  type FeedInfo,
  feedPath,
} from '#common/constants/feeds.ts'
import type { SiteSettings } from '#common/schemas/site.ts'
import { fromShanghaiText } from '#server/shared/publish-time.ts'

import type { FeedItem } from './open-data-sources.ts'

export const feedContentType = (format: FeedFormat) =>
  `${FEED_MEDIA_TYPES[format]}; charset=utf-8`

// Titles and summaries are plain text; Atom says type="html" and RSS readers read HTML, so
// the three characters that would be markup are written as entities.
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function feedUpdated(items: FeedItem[]): Date | null {
  const newest = items.reduce<string | null>(
    (latest, item) =>
      !latest || item.updated > latest ? item.updated : latest,
    null,
  )
  return newest ? fromShanghaiText(newest) : null
}

export function feedDocument(
  format: FeedFormat,
  feed: FeedInfo,
  items: FeedItem[],
  { base, site }: { base: string; site: SiteSettings },
): string {
  const absolute = (path: string) => `${base}${path}`
  const updated = feedUpdated(items)
  const document = new Feed({
    title: `${feed.title} - ${site.platformName}`,
    description: feed.description,
    id: absolute(feedPath(feed.name, 'atom')),
    link: absolute(feed.listPath),
    language: 'zh-CN',
    // An empty feed has changed never: a fixed time keeps its bytes, and its ETag, the same.
    updated: updated ?? new Date(0),
    favicon: absolute('/favicon.svg'),
    copyright: `版权所有 ${site.guidanceUnit}`,
    author: { name: site.guidanceUnit },
    feedLinks: {
      rss: absolute(feedPath(feed.name, 'rss')),
      atom: absolute(feedPath(feed.name, 'atom')),
    },
  })
  for (const item of items) {
    const published = fromShanghaiText(item.published)
    document.addItem({
      title: escapeHtml(item.title),
      id: absolute(item.path),
      link: absolute(item.path),
      description: escapeHtml(item.summary),
      date: format === 'rss' ? published : fromShanghaiText(item.updated),
      published,
      // Atom requires the term (RFC 4287 §4.2.2.1); the label is what readers show.
      category: item.category
        ? [{ term: item.category, name: item.category }]
        : undefined,
    })
  }
  return format === 'rss' ? document.rss2() : document.atom1()
}
