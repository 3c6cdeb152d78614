import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'

import { addArticleViews } from './article-write-repository.ts'

// Written once a second: a crawler walking every article would otherwise make each page view a
// write that waits for the database's one writer. Views of the last second before a crash are
// lost; a count of readers does not need more.
export type ArticleViewCounter = {
  add(id: number): void
  pending(id: number): number
  flush(): Promise<void>
  close(): Promise<void>
}

export function createArticleViewCounter(
  db: Kysely<Database>,
  {
    flushMs = 1000,
    // Tests hold a write half way to see what readers meanwhile are shown.
    write = addArticleViews,
  }: { flushMs?: number; write?: typeof addArticleViews } = {},
): ArticleViewCounter {
  let counts = new Map<number, number>()
  // The counts being written: still shown until their write commits, as the database does
  // not hold them yet (a reader in between would see the article lose views).
  let inFlight = new Map<number, number>()
  let writing: Promise<void> = Promise.resolve()
  async function flush() {
    await writing
    if (counts.size === 0) return
    const batch = counts
    counts = new Map()
    inFlight = batch
    writing = write(db, batch).then(
      () => {
        inFlight = new Map()
      },
      () => {
        // The database refused (closing, busy): the counts go back for the next flush.
        for (const [id, n] of batch) counts.set(id, (counts.get(id) ?? 0) + n)
        inFlight = new Map()
      },
    )
    await writing
  }
  const timer = setInterval(() => void flush(), flushMs)
  timer.unref()
  return {
    add(id) {
      counts.set(id, (counts.get(id) ?? 0) + 1)
    },
    pending(id) {
      return (counts.get(id) ?? 0) + (inFlight.get(id) ?? 0)
    },
    flush,
    async close() {
      clearInterval(timer)
      await flush()
    },
  }
}
