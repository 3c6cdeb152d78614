import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import type { JobLease } from '#server/shared/job-lease.ts'
import { startWakeableJob } from '#server/shared/wakeable-job.ts'

import { type ReminderDeps, runReminderPass } from './send-reminders.ts'

export const REMINDER_JOB = 'complaints:reminders'

export type ReminderJob = {
  wake(): void
  settled(): Promise<void>
  stop(): Promise<void>
}

// One process at a time under the job's lease; the rows' keys keep a reminder single even if two
// ran. The run at start catches up on a morning the server was down.
export function startReminderJob(
  db: Kysely<Database>,
  deps: ReminderDeps & {
    lease: JobLease
    log: {
      error(object: object, message: string): void
      info(object: object, message: string): void
    }
  },
  intervalMs: number | null,
): ReminderJob {
  return startWakeableJob(async () => {
    try {
      await deps.lease.runExclusive(REMINDER_JOB, async () => {
        const { reminders, digests } = await runReminderPass(db, deps)
        if (reminders + digests > 0)
          deps.log.info(
            { reminders, digests, holder: deps.lease.holder },
            'deadline reminders and morning digests queued',
          )
      })
    } catch (error) {
      deps.log.error({ err: error }, 'deadline reminders not sent')
    }
  }, intervalMs)
}
