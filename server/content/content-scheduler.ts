import type { JobLease } from '#server/shared/job-lease.ts'
import { startRepeatingJob } from '#server/shared/repeating-job.ts'

import type { ContentWorkflow } from './content-workflow.ts'

/** The scheduled publications' name in job_lease. */
export const CONTENT_SCHEDULE_JOB = 'content:publish-scheduled'

export type ContentScheduler = {
  /** Runs at once (a test's clock moved on); resolves when that run is done. */
  runNow(): Promise<void>
  stop(): Promise<void>
}

type Log = {
  error(object: object, message: string): void
  info(object: object, message: string): void
}

/**
 * Publishes scheduled revisions when their time comes: at start (what fell due while the
 * server was down is published then, so nothing scheduled is lost to a restart) and every
 * `intervalMs` after. A run is one indexed range query on (state, publish_at) when nothing is
 * due. Every process ticks; a tick runs in whichever process takes the job's lease (job-lease.ts),
 * so one process at a time publishes, and each revision is still claimed by a conditional update
 * (content-workflow.ts): none is published twice. A failed run is logged and retried at the
 * next tick.
 */
export function startContentScheduler(
  workflow: Pick<ContentWorkflow, 'publishDue'>,
  {
    log,
    lease,
    intervalMs = 1000,
  }: { log: Log; lease: JobLease; intervalMs?: number },
): ContentScheduler {
  return startRepeatingJob(async () => {
    try {
      await lease.runExclusive(CONTENT_SCHEDULE_JOB, async () => {
        const published = await workflow.publishDue()
        if (published > 0)
          log.info(
            { published, holder: lease.holder },
            'scheduled content published',
          )
      })
    } catch (error) {
      log.error({ err: error }, 'scheduled content not published')
    }
  }, intervalMs)
}
