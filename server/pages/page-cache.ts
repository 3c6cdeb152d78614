import { promisify } from 'node:util'
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  gzip,
  gzipSync,
} from 'node:zlib'

export type RenderedPage = {
  status: number
  headers: [string, string][]
  body: Buffer
  br?: Buffer
  gzip?: Buffer
  /** The copies at the highest levels, once asked for (compressForMany). */
  smallest?: Promise<void>
}

export type Encoding = 'br' | 'gzip' | 'identity'

// What compression buys depends on how often the bytes go out (bench/README.md, "Compression").
// A page rendered for one request is compressed on the loop at the fastest levels: brotli 1
// takes about 0.11 ms for 25 KB of page and gzip 1 0.2 ms, where brotli 5 took 0.75 ms for 13 %
// fewer bytes. A page asked for again is compressed once more at the highest levels, in libuv's
// thread pool (brotli 11: 70 ms for 50 KB, a third fewer bytes than brotli 1), and that copy
// answers from then on.
export function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, brotliAt(1, body))
    : gzipSync(body, { level: 1 })
}

const brotliInPool = promisify(brotliCompress)
const gzipInPool = promisify(gzip)

function brotliAt(quality: number, body: Buffer) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  }
}

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

// One page at a time is compressed for many, and the next waits as long again as the last
// took: a client asking for every page twice gets at most half of one thread's brotli 11
// (0.5 s for the 228 KB trading list), never the thread pool's four threads beside the loop.
let isCompressing = false
let restUntil = 0

/**
 * Compresses a page kept for many at the highest levels, once, off the loop; until then, and if
 * the pool fails, the fast copies answer. Asked while another page is being compressed, or in
 * the rest after it, it does nothing: the page's next request asks again.
 */
export function compressForMany(page: RenderedPage): Promise<void> {
  if (page.smallest) return page.smallest
  if (isCompressing || performance.now() < restUntil) return Promise.resolve()
  isCompressing = true
  const started = performance.now()
  page.smallest = Promise.all([
    brotliInPool(page.body, brotliAt(11, page.body)),
    gzipInPool(page.body, { level: 9 }),
  ])
    .then(
      ([br, gzipped]) => {
        page.br = br
        page.gzip = gzipped
      },
      () => undefined,
    )
    .finally(() => {
      isCompressing = false
      const ended = performance.now()
      restUntil = ended + (ended - started)
    })
  return page.smallest
}

// Every anonymous visitor sees the same page for the same URL: rendering it once per few seconds
// instead of once per request keeps the portal fast under load.
export type PageCache = {
  get(key: string): RenderedPage | undefined
  set(key: string, page: RenderedPage): void
  clear(): void
  readonly size: number
}

const footprint = (page: RenderedPage) => Math.ceil(page.body.length * 1.5)

// 12 MB holds some 100 to 150 pages with their compressed copies: every page asked for by many
// at once stays, and traffic the cache cannot help no longer fills 32 MB of the process's memory
// budget (bench/README.md).
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
