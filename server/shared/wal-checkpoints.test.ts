import { statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'

import { createDatabase } from '#server/db/database.ts'

import { checkpointOffTheLoop } from './wal-checkpoints.ts'

async function writeTwoMegabytes(offTheLoop: boolean) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-wal-'))
  const db = await createDatabase({
    dataDir,
    setUpSqlite: offTheLoop ? checkpointOffTheLoop : undefined,
  })
  const file = path.join(dataDir, 'portal.db')
  await sql`create table filler (body text)`.execute(db)
  const before = statSync(file).size
  // 500 pages of 4 KB: under the 1,000 at which a commit would checkpoint by itself.
  for (let i = 0; i < 20; i++)
    await sql`insert into filler values (${`${i}水`.repeat(25_000)})`.execute(
      db,
    )
  const autocheckpoint = (
    await sql<{ walAutocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
      db,
    )
  ).rows[0]!.walAutocheckpoint
  return {
    autocheckpoint,
    grown: () => statSync(file).size - before,
    async close() {
      await db.destroy()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

describe('WAL checkpoints of the serving process', () => {
  it('copy what was written into the database file from a worker thread, never in a commit', async () => {
    const written = await writeTwoMegabytes(true)
    try {
      expect(written.autocheckpoint).toBe(0)
      await expect.poll(written.grown).toBeGreaterThan(1_500_000)
    } finally {
      await written.close()
    }
  })

  it('are left to SQLite elsewhere (tools, tests), which copies nothing of so little', async () => {
    const written = await writeTwoMegabytes(false)
    try {
      expect(written.autocheckpoint).toBe(1000)
      expect(written.grown()).toBeLessThan(100_000)
    } finally {
      await written.close()
    }
  })
})
