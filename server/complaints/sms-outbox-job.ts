import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import { startWakeableJob } from '#server/shared/wakeable-job.ts'
import {
  deliverDueSms,
  SMS_OUTBOX_BATCH,
  type SmsOutboxDeps,
} from './sms-outbox.ts'

export type SmsOutboxJob = {
  /** Delivers what is due as soon as possible: a transaction has just queued a message. */
  wake(): void
  /** Resolves once every delivery asked for so far is done (tests, shutdown). */
  settled(): Promise<void>
  stop(): Promise<void>
}

/** A backlog (after an outage) is sent in passes of a batch each, at most this many per run. */
const MAX_PASSES_PER_RUN = 50

/**
 * The delivery of the text message outbox: a run at start (picking up what a stopped or
 * crashed process left), one whenever woken after a commit, and one every `intervalMs` for
 * retries (null: only at start and when woken). Runs in one process never overlap; across
 * processes the claim on each message keeps them apart.
 */
export function startSmsOutboxJob(
  db: Kysely<Database>,
  deps: SmsOutboxDeps & {
    log: NonNullable<SmsOutboxDeps['log']>
  },
  intervalMs: number | null,
): SmsOutboxJob {
  const run = async () => {
    try {
      for (let pass = 0; pass < MAX_PASSES_PER_RUN; pass++) {
        if ((await deliverDueSms(db, deps)) < SMS_OUTBOX_BATCH) break
      }
    } catch (error) {
      deps.log.error({ err: error }, 'text message outbox not delivered')
    }
  }
  return startWakeableJob(run, intervalMs)
}
