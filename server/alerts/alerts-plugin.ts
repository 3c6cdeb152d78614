import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import { createJobLease } from '#server/shared/job-lease.ts'

import { pruneAlertHistory, runAlertDelivery } from './alert-delivery.ts'
import { type AlertJob, startAlertJob } from './alert-job.ts'
import { createAlertLinkSigner } from './alert-links.ts'
import { type AlertService, createAlertService } from './alerts-service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertService & {
      runNow(): Promise<void>
    }
  }
}

type AlertsPluginOptions = {
  db: Kysely<Database>
  baseUrl: string
  linkSecret: string
  now?: () => Date
  // Default 10 s; null: only when woken.
  intervalMs?: number | null
}

export const alertsPlugin = fp<AlertsPluginOptions>(
  async (
    app,
    { db, baseUrl, linkSecret, now = () => new Date(), intervalMs },
  ) => {
    const signer = createAlertLinkSigner(linkSecret)
    let job: AlertJob | undefined
    const wake = () => job?.wake()
    const service = createAlertService({ db, signer, now, wake })
    app.decorate('alerts', {
      ...service,
      async runNow() {
        if (!job) return
        job.wake()
        await job.settled()
      },
    })
    app.contentChanges.onChange((change) => {
      if (change.action === 'publish') wake()
    })
    const deps = { db, mail: app.mail, signer, now, baseUrl, log: app.log }
    app.addHook('onReady', async () => {
      job = startAlertJob({
        deliver: () => runAlertDelivery(deps),
        prune: () => pruneAlertHistory(deps),
        lease: createJobLease(db),
        log: app.log,
        intervalMs: intervalMs === undefined ? 10_000 : intervalMs,
      })
    })
    app.addHook('onClose', async () => job?.stop())
  },
  {
    name: 'alerts',
    fastify: '5.x',
    dependencies: ['content-changes', 'mail-sender'],
  },
)
