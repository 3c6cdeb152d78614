import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createJobLease } from '#server/shared/job-lease.ts'

import { startWarningRebuildJob } from './warning-rebuild-job.ts'

// The nightly rebuild: at a process's start, then once a day from 02:00 Beijing time.
describe.each(testEngines)(
  'the nightly rebuild of the warnings on %s',
  (engine) => {
    let t: TestDatabase
    beforeAll(async () => {
      t = await createTestDatabase(engine)
    })
    afterAll(async () => {
      await t?.destroy()
    })

    it('runs at start and then once a night after two', async () => {
      let now = new Date('2026-12-07T01:00:00+08:00')
      const runs: string[] = []
      const job = startWarningRebuildJob(
        t.db,
        {
          lease: createJobLease(t.db),
          now: () => now,
          log: {
            info: (_object, message) => runs.push(message),
            error: (object) => {
              throw new Error(JSON.stringify(object))
            },
          },
        },
        null,
      )
      await job.settled()
      expect(runs).toEqual(['supervision warnings rebuilt'])

      const wakeAt = async (time: string) => {
        now = new Date(time)
        job.wake()
        await job.settled()
        return runs.length
      }
      expect(await wakeAt('2026-12-07T23:50:00+08:00')).toBe(1)
      expect(await wakeAt('2026-12-08T01:59:00+08:00')).toBe(1)
      expect(await wakeAt('2026-12-08T02:00:00+08:00')).toBe(2)
      expect(await wakeAt('2026-12-08T14:00:00+08:00')).toBe(2)
      expect(await wakeAt('2026-12-09T03:00:00+08:00')).toBe(3)
      await job.stop()
    })
  },
)
