import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import {
  ErrorLevel,
  SitemapIndexStream,
  SitemapStream,
  streamToPromise,
} from 'sitemap'

import { fromShanghaiText } from '#server/shared/publish-time.ts'

import type { SitemapEntry } from './open-data-sources.ts'

export const SITEMAP_CONTENT_TYPE = 'application/xml; charset=utf-8'

// The most URLs one sitemap file may list (sitemaps.org).
export const SITEMAP_MAX_URLS = 50_000

const w3cTime = (stored: string) => fromShanghaiText(stored).toISOString()

export const sitemapChildPath = (kind: string, n: number) =>
  `/sitemaps/${kind}-${n}.xml`

// Written as the rows arrive, a keyset page at a time: only the XML of this child is held.
export async function sitemapChildDocument(
  base: string,
  entries: AsyncIterable<SitemapEntry>,
): Promise<string> {
  const stream = new SitemapStream({
    hostname: base,
    // Our addresses are ids and constants: one the library finds invalid is a bug, not a warning.
    level: ErrorLevel.THROW,
    xmlns: { news: false, xhtml: false, image: false, video: false },
  })
  const urls = Readable.from(
    (async function* () {
      for await (const entry of entries)
        yield entry.lastmod
          ? { url: entry.path, lastmod: w3cTime(entry.lastmod) }
          : { url: entry.path }
    })(),
  )
  // pipeline, not pipe: a failed read ends the request with its error instead of a stall.
  const chunks: string[] = []
  await pipeline(urls, stream, async (xml: AsyncIterable<Buffer | string>) => {
    for await (const chunk of xml) chunks.push(chunk.toString())
  })
  return chunks.join('')
}

export async function sitemapIndexDocument(
  children: { url: string; lastmod: string | null }[],
): Promise<string> {
  const stream = new SitemapIndexStream()
  const written = streamToPromise(stream)
  for (const child of children)
    stream.write(
      child.lastmod
        ? { url: child.url, lastmod: w3cTime(child.lastmod) }
        : { url: child.url },
    )
  stream.end()
  return (await written).toString('utf8')
}
