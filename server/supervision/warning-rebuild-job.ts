import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import type { JobLease } from '#server/shared/job-lease.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { startWakeableJob } from '#server/shared/wakeable-job.ts'

import { rebuildWarnings } from './warning-refresh.ts'

export const WARNING_REBUILD_JOB = 'supervision:rebuild'
/** From 02:00 Beijing time, once a day: the warnings that look across tenders catch up. */
const REBUILD_HOUR = 2

// A tender's cross-tender warnings look back from it, and are computed when it changes; a later
// change of another tender sharing its companies reaches it here, every night, and at the start
// of a process (a night the server was down). One process at a time, under the job's lease.
export function startWarningRebuildJob(
  db: Kysely<Database>,
  deps: {
    lease: JobLease
    now: () => Date
    log: {
      error(object: object, message: string): void
      info(object: object, message: string): void
    }
  },
  intervalMs: number | null,
) {
  let lastDay: string | null = null
  let isAsked = false
  const job = startWakeableJob(async () => {
    const now = deps.now()
    const text = toShanghaiText(now)
    const day = text.slice(0, 10)
    const isDue =
      lastDay === null ||
      (day !== lastDay && Number(text.slice(11, 13)) >= REBUILD_HOUR)
    if (!isDue && !isAsked) return
    isAsked = false
    try {
      await deps.lease.runExclusive(WARNING_REBUILD_JOB, async () => {
        const started = performance.now()
        const result = await rebuildWarnings(db, now)
        deps.log.info(
          { ...result, ms: Math.round(performance.now() - started) },
          'supervision warnings rebuilt',
        )
      })
      lastDay = day
    } catch (error) {
      deps.log.error({ err: error }, 'supervision warnings not rebuilt')
    }
  }, intervalMs)
  return {
    ...job,
    /** A rebuild now, whatever the hour (the thresholds changed). */
    rebuildSoon() {
      isAsked = true
      job.wake()
    },
  }
}
