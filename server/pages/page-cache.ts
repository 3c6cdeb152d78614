import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/**
 * A rendered page, ready to send: the bytes, its headers (CSP included), and compressed
 * copies made the first time a browser asks for them.
 */
export type RenderedPage = {
  status: number
  headers: [string, string][]
  body: Buffer
  br?: Buffer
  gzip?: Buffer
}

export type Encoding = 'br' | 'gzip' | 'identity'

/** The body in the best encoding the browser accepts, compressing once per cached page. */
export function pageBody(page: RenderedPage, encoding: Encoding): Buffer {
  if (encoding === 'br') {
    page.br ??= brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    return page.br
  }
  if (encoding === 'gzip') {
    page.gzip ??= gzipSync(page.body, { level: 6 })
    return page.gzip
  }
  return page.body
}

/**
 * A short-lived cache of rendered pages. Every anonymous visitor sees the same page for the
 * same URL, so rendering it once per few seconds instead of once per request keeps the portal
 * fast under load, while new content still shows within the TTL (or at once after clear()).
 */
export type PageCache = {
  get(key: string): RenderedPage | undefined
  set(key: string, page: RenderedPage): void
  clear(): void
  readonly size: number
}

export function createPageCache({ ttlMs = 10_000, maxEntries = 2000 } = {}): PageCache {
  const entries = new Map<string, { page: RenderedPage; expires: number }>()
  return {
    get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.expires < Date.now()) {
        entries.delete(key)
        return undefined
      }
      return entry.page
    },
    set(key, page) {
      // Map keeps insertion order: dropping the first key evicts the oldest entry.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      entries.set(key, { page, expires: Date.now() + ttlMs })
    },
    clear() {
      entries.clear()
    },
    get size() {
      return entries.size
    },
  }
}
