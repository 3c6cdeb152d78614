import type { Kysely } from 'kysely'

import { toShanghaiText } from '#server/shared/publish-time.ts'
import type { Database } from '#server/db/schema.ts'
import type { JobLease } from '#server/shared/job-lease.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { startRepeatingJob } from '#server/shared/repeating-job.ts'
import { findComplaintsDueForAutoAcceptance } from './complaint-repository.ts'
import {
  type ComplaintDeps,
  performComplaintAction,
} from '#server/complaints/complaint-service.ts'

const SYSTEM = { kind: 'system' as const, name: '系统' }

/**
 * Accepts every complaint whose 3 working days for deciding on acceptance have passed
 * (条例 art. 61/62; the due time is stored with the complaint, so nothing is lost on restart),
 * in 待签收 as in 待受理: the period runs from submission, and a complaint nobody signed for
 * goes straight to 待处理 with one system event (no signing is recorded that nobody did).
 * Run by one process at a time (startAutoAcceptJob takes the job's lease); should two runs
 * meet all the same, each acceptance is a conditional update on the complaint's version, so
 * one accepts and the other is refused and skips. Returns the numbers it accepted.
 */
export async function runDueAutoAcceptances(
  db: Kysely<Database>,
  deps: ComplaintDeps,
): Promise<string[]> {
  const now = (deps.now ?? (() => new Date()))()
  const due = await findComplaintsDueForAutoAcceptance(
    db,
    toShanghaiText(now),
    100,
  )
  const accepted: string[] = []
  for (const { complaintNo } of due) {
    try {
      await performComplaintAction(
        db,
        { ...deps, now: () => now },
        complaintNo,
        'auto-accept',
        SYSTEM,
        {},
      )
      accepted.push(complaintNo)
    } catch (error) {
      // Another process got there first, or a state changed since the query: nothing to do.
      if (error instanceof Refusal && error.status === 409) continue
      throw error
    }
  }
  return accepted
}

export type AutoAcceptJob = { stop(): Promise<void> }

/** The automatic acceptance's name in job_lease. */
export const AUTO_ACCEPT_JOB = 'complaints:auto-accept'

/**
 * Runs runDueAutoAcceptances at start (picking up what fell due while the server was down)
 * and then every `intervalMs`, in whichever process takes the job's lease: every process
 * ticks, one runs. A failed run is logged and retried at the next tick.
 */
export function startAutoAcceptJob(
  db: Kysely<Database>,
  deps: ComplaintDeps & {
    lease: JobLease
    log: {
      error(object: object, message: string): void
      info(object: object, message: string): void
    }
  },
  intervalMs = 60_000,
): AutoAcceptJob {
  const job = startRepeatingJob(async () => {
    try {
      await deps.lease.runExclusive(AUTO_ACCEPT_JOB, async () => {
        const accepted = await runDueAutoAcceptances(db, deps)
        if (accepted.length > 0)
          deps.log.info(
            { accepted, holder: deps.lease.holder },
            'complaints accepted when the acceptance period passed',
          )
      })
    } catch (error) {
      deps.log.error({ err: error }, 'automatic acceptance failed')
    }
  }, intervalMs)
  return { stop: job.stop }
}
