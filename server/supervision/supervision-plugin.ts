import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import { createJobLease } from '#server/shared/job-lease.ts'

import { startWarningRebuildJob } from './warning-rebuild-job.ts'
import { rebuildWarnings } from './warning-refresh.ts'

declare module 'fastify' {
  interface FastifyInstance {
    supervision: {
      /**
       * Every warning computed again (the thresholds changed): by the job in the background,
       * or here and now where no job runs (tests).
       */
      rebuildSoon(): Promise<void>
    }
  }
}

type SupervisionPluginOptions = {
  db: Kysely<Database>
  now?: () => Date
  // How often the nightly rebuild looks whether it is due; undefined: never (tests run it by
  // hand), null: only at start and when asked.
  rebuildIntervalMs?: number | null
}

// Supervision from the data: the warnings follow each publication (the content kinds call
// refreshProjectWarnings); this plugin keeps the nightly rebuild, and one when asked.
export const supervisionPlugin = fp<SupervisionPluginOptions>(
  async (app, { db, now = () => new Date(), rebuildIntervalMs }) => {
    let job: ReturnType<typeof startWarningRebuildJob> | undefined
    app.decorate('supervision', {
      async rebuildSoon() {
        if (job) job.rebuildSoon()
        else await rebuildWarnings(db, now())
      },
    })
    if (rebuildIntervalMs === undefined) return
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
