import type { JobLease } from '#server/shared/job-lease.ts'
import { startWakeableJob } from '#server/shared/wakeable-job.ts'

const ALERT_JOB = 'alerts:deliver'
const PRUNE_EVERY_MS = 60 * 60_000
/** Woken while another process held the job: tried again after this, once. */
const BUSY_RETRY_MS = 2_000

export type AlertJob = {
  wake(): void
  settled(): Promise<void>
  stop(): Promise<void>
}

type Log = { error(object: object, message: string): void }

// One woken while another process holds the lease tries again shortly, so a publication that
// process's run began before is not left to the next interval.
export function startAlertJob({
  deliver,
  prune,
  lease,
  log,
  intervalMs,
}: {
  deliver: () => Promise<void>
  prune: () => Promise<void>
  lease: JobLease
  log: Log
  intervalMs: number | null
}): AlertJob {
  let isStopped = false
  let prunedAt = 0
  let retry: ReturnType<typeof setTimeout> | undefined
  const run = async () => {
    try {
      const hasRun = await lease.runExclusive(ALERT_JOB, async () => {
        await deliver()
        if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
          await prune()
          prunedAt = Date.now()
        }
      })
      if (!hasRun && !retry && !isStopped) {
        retry = setTimeout(() => {
          retry = undefined
          job.wake()
        }, BUSY_RETRY_MS)
        retry.unref()
      }
    } catch (error) {
      log.error({ err: error }, 'alerts not delivered')
    }
  }
  const job = startWakeableJob(run, intervalMs, () => {
    isStopped = true
    clearTimeout(retry)
  })
  return job
}
