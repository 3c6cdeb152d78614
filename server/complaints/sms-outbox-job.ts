import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import { startWakeableJob } from '#server/shared/wakeable-job.ts'
import {
  deliverDueSms,
  SMS_OUTBOX_BATCH,
  type SmsOutboxDeps,
} from './sms-outbox.ts'

export type SmsOutboxJob = {
  wake(): void
  settled(): Promise<void>
  stop(): Promise<void>
}

/** A backlog (after an outage) is sent in passes of a batch each, at most this many per run. */
const MAX_PASSES_PER_RUN = 50

// Runs in one process never overlap; across processes the claim on each message keeps them apart.
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
