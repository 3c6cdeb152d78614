import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'

// Made on demand, not stored: kept, a file would need invalidating in every process and across
// restarts (docs/decisions/0053-ocds-pages-oldest-first-bulk-files-on-demand.md). gzip writes no
// time in its header, so two processes make the same bytes and the same ETag.

export type BulkFile = {
  body: Buffer
  etag: string
}

type KeptFile = BulkFile & { madeAt: number }

export type BulkFiles = {
  get(year: number): Promise<BulkFile>
  clear(): void
}

export function createBulkFiles(
  linesOf: (year: number) => AsyncIterable<string>,
  {
    maxBytes = 64 * 1024 * 1024,
    maxAgeMs = 5 * 60_000,
    now = Date.now,
  }: {
    // The least recently asked go first.
    maxBytes?: number
    // Without REDIS_URL another process's change reaches this one only through this bound.
    maxAgeMs?: number
    now?: () => number
  } = {},
): BulkFiles {
  const kept = new Map<number, KeptFile>()
  const making = new Map<number, Promise<BulkFile>>()
  let generation = 0

  async function make(year: number): Promise<BulkFile> {
    const gzip = createGzip({ level: 9 })
    const lines = Readable.from(
      (async function* () {
        for await (const line of linesOf(year)) yield `${line}\n`
      })(),
    )
    const [, body] = await Promise.all([pipeline(lines, gzip), buffer(gzip)])
    const etag = `"${createHash('sha256').update(body).digest('base64url')}"`
    return { body, etag }
  }

  function keep(year: number, file: KeptFile) {
    kept.set(year, file)
    let total = [...kept.values()].reduce((sum, f) => sum + f.body.length, 0)
    for (const [oldest, f] of kept) {
      if (total <= maxBytes || oldest === year) break
      kept.delete(oldest)
      total -= f.body.length
    }
  }

  return {
    get(year) {
      const held = kept.get(year)
      if (held && now() - held.madeAt > maxAgeMs) kept.delete(year)
      else if (held) {
        // Asked again: the most recently asked stays longest.
        kept.delete(year)
        kept.set(year, held)
        return Promise.resolve(held)
      }
      const pending = making.get(year)
      if (pending) return pending
      const startedAt = generation
      const madeAt = now()
      const made = make(year).then((file) => {
        if (generation === startedAt) keep(year, { ...file, madeAt })
        return file
      })
      making.set(year, made)
      const settled = () => {
        if (making.get(year) === made) making.delete(year)
      }
      made.then(settled, settled)
      return made
    },
    clear() {
      generation++
      kept.clear()
      making.clear()
    },
  }
}
