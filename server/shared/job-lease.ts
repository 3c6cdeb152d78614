import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'

import { type Kysely, sql } from 'kysely'

import { databaseEngine } from '#server/db/database.ts'
import type { Database } from '#server/db/schema.ts'

export type JobLease = {
  holder: string
  // Resolves false at once, without running, while another holder has the lease.
  runExclusive(job: string, work: () => Promise<unknown>): Promise<boolean>
}

// The database's clock: processes on machines whose clocks differ still agree on when a lease ends.
function databaseNowMs(db: Kysely<Database>) {
  return databaseEngine(db) === 'postgres'
    ? sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`
    : sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`
}

// How long a crashed holder keeps a job waiting.
const JOB_LEASE_MS = 30_000

// One conditional upsert takes the lease, atomic on SQLite and PostgreSQL alike; renewed every
// third of its time, so a long run keeps it.
export function createJobLease(
  db: Kysely<Database>,
  {
    holder = `${hostname()}/${process.pid}/${randomBytes(3).toString('hex')}`,
    leaseMs = JOB_LEASE_MS,
  }: { holder?: string; leaseMs?: number } = {},
): JobLease {
  async function take(job: string): Promise<boolean> {
    const now = databaseNowMs(db)
    const until = sql<number>`${now} + ${leaseMs}`
    const result = await db
      .insertInto('jobLease')
      .values({ job, holder, expiresAt: until })
      .onConflict((conflict) =>
        conflict
          .column('job')
          .doUpdateSet({ holder, expiresAt: until })
          .where((eb) =>
            eb.or([
              eb('jobLease.expiresAt', '<=', now),
              eb('jobLease.holder', '=', holder),
            ]),
          ),
      )
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
  }

  async function release(job: string): Promise<void> {
    await db
      .updateTable('jobLease')
      .set({ expiresAt: 0 })
      .where('job', '=', job)
      .where('holder', '=', holder)
      .execute()
  }

  return {
    holder,
    async runExclusive(job, work) {
      if (!(await take(job))) return false
      // A renewal that fails leaves the lease to run out; the run goes on either way.
      let renewing: Promise<unknown> = Promise.resolve()
      const renewal = setInterval(() => {
        renewing = take(job).catch(() => false)
      }, leaseMs / 3)
      renewal.unref()
      try {
        await work()
      } finally {
        clearInterval(renewal)
        // After the last renewal, or it would take the lease again once freed.
        await renewing
        // Not freed (the database is away): it runs out after leaseMs.
        await release(job).catch(() => {})
      }
      return true
    },
  }
}
