import type { JobLease } from '#server/shared/job-lease.ts'
import { startRepeatingJob } from '#server/shared/repeating-job.ts'

import type { ContentWorkflow } from './content-workflow.ts'

export const CONTENT_SCHEDULE_JOB = 'content:publish-scheduled'

export type ContentScheduler = {
  runNow(): Promise<void>
  stop(): Promise<void>
}

type Log = {
  error(object: object, message: string): void
  info(object: object, message: string): void
}

// The run at start publishes what fell due while the server was down. Each revision is still
// claimed by a conditional update, so none is published twice.
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
