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
    /** Saved searches with e-mail alerts: the visitor's requests and the delivery job. */
    alerts: AlertService & {
      /** Runs the delivery now (a test's clock moved on); resolves when it is done. */
      runNow(): Promise<void>
    }
  }
}

type AlertsPluginOptions = {
  db: Kysely<Database>
  /** PUBLIC_BASE_URL: the links in the mails. */
  baseUrl: string
  /** A server secret the links' key is derived from (alert-links.ts). */
  linkSecret: string
  now?: () => Date
  /** How often the delivery runs besides when woken (default 10 s); null: only when woken. */
  intervalMs?: number | null
}

/**
 * Saved searches and their alerts in the app: the service the subscription pages call, and the
 * delivery job, woken by every publication (in this process or, through Redis, another) and
 * by every request that asks for a mail, started once the app is ready.
 */
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
