import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import { createJobLease } from '#server/shared/job-lease.ts'

import {
  CONTENT_SCHEDULE_JOB,
  type ContentScheduler,
  startContentScheduler,
} from './content-scheduler.ts'
import {
  type ContentWorkflow,
  createContentWorkflow,
} from './content-workflow.ts'

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentWorkflow
    contentScheduler: Pick<ContentScheduler, 'runNow'>
  }
}

type ContentPluginOptions = {
  db: Kysely<Database>
  now?: () => Date
  // null: only when asked (tests).
  scheduleIntervalMs?: number | null
}

export const contentPlugin = fp<ContentPluginOptions>(
  async (app, { db, now, scheduleIntervalMs = 1000 }) => {
    const workflow = createContentWorkflow({
      db,
      changes: app.contentChanges,
      audit: app.staff.audit,
      now,
    })
    app.decorate('content', workflow)
    // One process at a time publishes what is due, whichever takes the lease.
    const lease = createJobLease(db)
    let job: ContentScheduler | undefined
    const runNow = async () => {
      if (job) return job.runNow()
      await lease.runExclusive(CONTENT_SCHEDULE_JOB, () =>
        workflow.publishDue(),
      )
    }
    app.decorate('contentScheduler', { runNow })
    if (scheduleIntervalMs === null) return
    app.addHook('onReady', async () => {
      job = startContentScheduler(workflow, {
        log: app.log,
        lease,
        intervalMs: scheduleIntervalMs,
      })
    })
    app.addHook('onClose', async () => job?.stop())
  },
  {
    name: 'content',
    fastify: '5.x',
    dependencies: ['staff', 'content-changes'],
  },
)
