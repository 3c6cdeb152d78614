import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createDatabase } from '#server/db/database.ts'
import type { Database } from '#server/db/schema.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createJobLease } from './job-lease.ts'

/** A promise and the function that settles it: a job run the test ends when it likes. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

/** What is waited for comes within 10 s, however loaded the machine. */
const POLL = { timeout: 10_000, interval: 20 }

describe.each(testEngines)('job leases on %s', (engine) => {
  let t: TestDatabase
  // Two processes: each with its own connection to the one database.
  let otherDb: Kysely<Database>

  beforeAll(async () => {
    t = await createTestDatabase(engine)
    otherDb = await createDatabase({
      dataDir: t.dataDir,
      databaseUrl: t.databaseUrl,
    })
  })
  afterAll(async () => {
    await otherDb?.destroy()
    await t?.destroy()
  })

  it('runs a job in one process at a time, and in either once the run is over', async () => {
    const one = createJobLease(t.db)
    const other = createJobLease(otherDb)
    const running = gate()
    const runs: string[] = []
    const first = one.runExclusive('test:one-at-a-time', async () => {
      runs.push('one')
      await running.opened
    })
    await expect.poll(() => runs, POLL).toEqual(['one'])
    expect(
      await other.runExclusive('test:one-at-a-time', async () => {
        runs.push('other')
      }),
    ).toBe(false)
    // Another job is not held by this one.
    expect(
      await other.runExclusive('test:another-job', async () => {
        runs.push('other, another job')
      }),
    ).toBe(true)
    running.open()
    expect(await first).toBe(true)
    expect(
      await other.runExclusive('test:one-at-a-time', async () => {
        runs.push('other')
      }),
    ).toBe(true)
    expect(runs).toEqual(['one', 'other, another job', 'other'])
  })

  it('lets exactly one of two processes run when both ask at the same moment', async () => {
    const leases = [createJobLease(t.db), createJobLease(otherDb)]
    for (let round = 0; round < 10; round++) {
      let runs = 0
      let answered = 0
      // A run is held until every other process has asked: one that ended before another
      // asked would have freed the job for it.
      const running = gate()
      const asked = leases.map((lease) =>
        lease
          .runExclusive(`test:race-${round}`, async () => {
            runs++
            await running.opened
          })
          .finally(() => answered++),
      )
      await expect.poll(() => runs + answered, POLL).toBe(leases.length)
      running.open()
      const taken = await Promise.all(asked)
      expect(taken.filter(Boolean)).toHaveLength(1)
      expect(runs).toBe(1)
    }
  })

  it('keeps the lease through a run longer than the lease, renewing it', async () => {
    // Renewed every 300 ms: the lease lapses only if this process stalls for 600 ms.
    const one = createJobLease(t.db, { leaseMs: 900 })
    const other = createJobLease(otherDb, { leaseMs: 900 })
    const running = gate()
    let isRunning = false
    const first = one.runExclusive('test:long-run', async () => {
      isRunning = true
      await running.opened
    })
    await expect.poll(() => isRunning, POLL).toBe(true)
    const endOf = async () =>
      Number(
        (
          await t.db
            .selectFrom('jobLease')
            .select('expiresAt')
            .where('job', '=', 'test:long-run')
            .executeTakeFirstOrThrow()
        ).expiresAt,
      )
    const firstEnd = await endOf()
    // Until the lease as first taken has ended (the database keeps this machine's time).
    await expect.poll(() => Date.now(), POLL).toBeGreaterThan(firstEnd)
    expect(await other.runExclusive('test:long-run', async () => {})).toBe(
      false,
    )
    expect(await endOf()).toBeGreaterThan(firstEnd)
    running.open()
    await first
    expect(await other.runExclusive('test:long-run', async () => {})).toBe(true)
  })

  it('gives the job to another process when its holder died, once the lease ends', async () => {
    // A holder that took the lease and was killed before freeing it, a minute before its end.
    await t.db
      .insertInto('jobLease')
      .values({
        job: 'test:crashed',
        holder: 'gone/1234/abcdef',
        expiresAt: Date.now() + 60_000,
      })
      .execute()
    const other = createJobLease(otherDb)
    expect(await other.runExclusive('test:crashed', async () => {})).toBe(false)
    // The minute has passed: the lease's end is moved back rather than waited for.
    await t.db
      .updateTable('jobLease')
      .set({ expiresAt: Date.now() - 1 })
      .where('job', '=', 'test:crashed')
      .execute()
    expect(await other.runExclusive('test:crashed', async () => {})).toBe(true)
    const row = await t.db
      .selectFrom('jobLease')
      .select('holder')
      .where('job', '=', 'test:crashed')
      .executeTakeFirstOrThrow()
    expect(row.holder).toBe(other.holder)
  })
})
