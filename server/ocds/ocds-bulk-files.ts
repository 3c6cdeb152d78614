import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'

/*
 * The yearly bulk files of /ocds/bulk/<year>.jsonl.gz, made when first asked for and kept in
 * this process until the public content changes, five minutes at most
 * (docs/decisions/0053-ocds-pages-oldest-first-bulk-files-on-demand.md: made on demand, not
 * stored). A file is a function of the database: kept, it would need invalidating in every
 * process and across restarts; made, it needs only the database. Concurrent requests for one
 * year share one making; a change during a making serves that file to who asked but keeps none.
 * gzip writes no time in its header, so two processes make the same bytes and the same ETag.
 */

export type BulkFile = {
  body: Buffer
  /** A strong ETag: the SHA-256 of the compressed bytes. */
  etag: string
}

type KeptFile = BulkFile & { madeAt: number }

export type BulkFiles = {
  /** The year's file, made now or kept from before. */
  get(year: number): Promise<BulkFile>
  /** The public content changed: every kept file is out of date. */
  clear(): void
}

export function createBulkFiles(
  linesOf: (year: number) => AsyncIterable<string>,
  {
    maxBytes = 64 * 1024 * 1024,
    maxAgeMs = 5 * 60_000,
    now = Date.now,
  }: {
    /** What the kept files may weigh together; the least recently asked go first. */
    maxBytes?: number
    /**
     * How long a file is kept at most: a change made through another process reaches this one
     * only with REDIS_URL (server/shared/content-changes.ts); without, this bounds how late.
     */
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
