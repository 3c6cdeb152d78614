import type { Kysely } from 'kysely'

import { toShanghaiText } from '#server/shared/publish-time.ts'
import type { Database } from '#server/db/schema.ts'
import type { JobLease } from '#server/shared/job-lease.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { startRepeatingJob } from '#server/shared/repeating-job.ts'
import { findComplaintsDueForAutoAcceptance } from './complaint-repository.ts'
import { resumeLapsedAcceptanceClocks } from './material-lapse.ts'
import {
  type ComplaintDeps,
  performComplaintAction,
} from '#server/complaints/complaint-service.ts'

const SYSTEM = { kind: 'system' as const, name: '系统' }

// 条例 art. 61/62: the period runs from submission (less the days a 补正 request stopped it), so a complaint nobody signed for is accepted
// too, straight to 待处理 (no signing is recorded that nobody did). Should two runs meet, each
// acceptance is a conditional update on the version: one accepts, the other skips.
export async function runDueAutoAcceptances(
  db: Kysely<Database>,
  deps: ComplaintDeps,
): Promise<string[]> {
  const now = (deps.now ?? (() => new Date()))()
  // A lapsed 补正 request first: its clock, running again, may already be due.
  await resumeLapsedAcceptanceClocks(db, { ...deps, now: () => now })
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

export const AUTO_ACCEPT_JOB = 'complaints:auto-accept'

// The run at start picks up what fell due while the server was down.
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
