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

/** Bytes in an encoding, at levels fast enough to run per response. */
export function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
      })
    : gzipSync(body, { level: 6 })
}

/** The body in the best encoding the browser accepts, compressing once per cached page. */
export function pageBody(page: RenderedPage, encoding: Encoding): Buffer {
  if (encoding === 'br') {
    page.br ??= compress(page.body, 'br')
    return page.br
  }
  if (encoding === 'gzip') {
    page.gzip ??= compress(page.body, 'gzip')
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

// What a cached page costs: its bytes plus room for the compressed copies made on demand.
const footprint = (page: RenderedPage) => Math.ceil(page.body.length * 1.5)

// 12 MB holds some 100 to 150 pages with their compressed copies: every page asked for by many
// at once stays, and traffic where no two visitors ask for the same page, which the cache
// cannot help, no longer fills 32 MB of the process's memory budget (bench/README.md).
// `now` is the clock in epoch milliseconds (a test moves its own past the TTL instead of waiting).
export function createPageCache({
  ttlMs = 10_000,
  maxBytes = 12 * 1024 * 1024,
  now = () => Date.now(),
}: { ttlMs?: number; maxBytes?: number; now?: () => number } = {}): PageCache {
  const entries = new Map<string, { page: RenderedPage; expires: number }>()
  let bytes = 0
  function remove(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= footprint(entry.page)
    entries.delete(key)
  }
  return {
    get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.expires < now()) {
        remove(key)
        return undefined
      }
      return entry.page
    },
    set(key, page) {
      remove(key)
      // Map keeps insertion order: the first key is the oldest entry.
      while (entries.size > 0 && bytes + footprint(page) > maxBytes)
        remove(entries.keys().next().value!)
      entries.set(key, { page, expires: now() + ttlMs })
      bytes += footprint(page)
    },
    clear() {
      entries.clear()
      bytes = 0
    },
    get size() {
      return entries.size
    },
  }
}
