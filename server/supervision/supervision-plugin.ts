import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import { createJobLease } from '#server/shared/job-lease.ts'

import { startWarningRebuildJob } from './warning-rebuild-job.ts'

type SupervisionPluginOptions = {
  db: Kysely<Database>
  now?: () => Date
  // How often the nightly rebuild looks whether it is due; undefined: never (tests run it by
  // hand), null: only at start.
  rebuildIntervalMs?: number | null
}

// Supervision from the data: the warnings follow each publication (the content kinds call
// refreshProjectWarnings); this plugin keeps the nightly rebuild.
export const supervisionPlugin = fp<SupervisionPluginOptions>(
  async (app, { db, now = () => new Date(), rebuildIntervalMs }) => {
    if (rebuildIntervalMs === undefined) return
    let job: ReturnType<typeof startWarningRebuildJob> | undefined
    app.addHook('onReady', async () => {
      job = startWarningRebuildJob(
        db,
        { lease: createJobLease(db), now, log: app.log },
        rebuildIntervalMs,
      )
    })
    app.addHook('onClose', async () => job?.stop())
  },
  { name: 'supervision', fastify: '5.x' },
)
