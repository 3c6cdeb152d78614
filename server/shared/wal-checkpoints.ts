import { statSync } from 'node:fs'

import type SqliteDatabase from 'better-sqlite3'

import { workerTask } from '#server/shared/worker-pool.ts'

const checkpointInThread = workerTask<{ file: string }, unknown>(
  import.meta.url,
  './wal-checkpoint-worker',
  { busyMessage: '数据库整理暂未完成', budgetMs: 30_000 },
)

/**
 * SQLite copies the WAL into the database file when a commit finds the WAL past 1,000 pages, in
 * that commit, on the event loop: an approval of the longest body stalled the loop 49–53 ms
 * every third time for it, against 20–25 ms otherwise. The serving process turns that off and
 * checkpoints every second in the shared worker threads instead.
 */
export function checkpointOffTheLoop(
  sqlite: SqliteDatabase.Database,
  { intervalMs = 1000 }: { intervalMs?: number } = {},
): () => void {
  sqlite.pragma('wal_autocheckpoint = 0')
  // The WAL is written again from its start after a checkpoint, but its file keeps the size it
  // once reached (13 MB after the demo content's seeding) unless told otherwise.
  sqlite.pragma('journal_size_limit = 4194304')
  const wal = `${sqlite.name}-wal`
  // Only after a write: an idle portal keeps no thread busy or alive for it.
  let checkedAt = 0
  let running: Promise<unknown> | undefined
  const timer = setInterval(() => {
    if (running) return
    const writtenAt = statSync(wal, { throwIfNoEntry: false })?.mtimeMs ?? 0
    if (writtenAt === checkedAt) return
    checkedAt = writtenAt
    // A busy pool or a reader on old pages leaves the rest to the next turn.
    running = checkpointInThread({ file: sqlite.name })
      .catch(() => (checkedAt = 0))
      .finally(() => (running = undefined))
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
