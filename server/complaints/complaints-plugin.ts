import fp from 'fastify-plugin'
import { type Kysely } from 'kysely'

import { DEPARTMENT_SEAL_NAME } from '#common/constants/site.ts'
import { type Database } from '#server/db/schema.ts'
import { type AutoAcceptJob, startAutoAcceptJob } from './auto-accept-job.ts'
import { type ComplaintDeps } from './complaint-service.ts'
import { recomputeOpenDeadlines } from './recompute-deadlines.ts'
import { type WorkingCalendar } from './working-calendar.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** What the complaint domain takes from the app, for the routes of every edge. */
    complaints: ComplaintDeps
  }
}

export type ComplaintsPluginOptions = {
  db: Kysely<Database>
  /** The complaint domain's clock (tests fix it); default: the system clock. */
  now?: () => Date
  /** Working days for statutory deadlines; default: the installed chinese-days data. */
  calendar?: WorkingCalendar
  /** How often due automatic acceptances are looked for; null: never (tests run it by hand). */
  autoAcceptIntervalMs?: number | null
}

/**
 * The complaint domain in the app: its dependencies (storage, SMS, clock, calendar, the
 * department's seal), the recount of provisional deadlines at start and the automatic
 * acceptance job (条例 art. 62).
 */
export const complaintsPlugin = fp<ComplaintsPluginOptions>(
  async (app, options) => {
    const { db } = options
    const { provider } = app.signing
    const deps: ComplaintDeps = {
      storage: app.storage,
      sms: app.sms,
      now: options.now,
      calendar: options.calendar,
      log: app.log,
      // The department's documents that need a seal (处理决定书) carry its own, from the same
      // provider that seals complainants' forms.
      sealDocument: async (pdf, title) =>
        (
          await provider.sealPdf(
            pdf,
            { name: DEPARTMENT_SEAL_NAME, kind: 'organisation' },
            { purpose: '投诉处理专用章', reason: title },
          )
        ).bytes,
    }
    app.decorate('complaints', deps)

    // Deadlines counted provisionally (暂定) follow a holiday notice that the installed calendar
    // now has, and complaints filed before the clock started at submission get their acceptance
    // deadline; before the automatic acceptance below reads the due times.
    app.addHook('onReady', async () => {
      try {
        const changed = await recomputeOpenDeadlines(db, deps)
        if (changed.length > 0)
          app.log.info({ changed }, 'statutory deadlines recomputed')
      } catch (error) {
        app.log.error({ err: error }, 'statutory deadlines not recomputed')
      }
    })
    const intervalMs =
      options.autoAcceptIntervalMs === undefined
        ? 60_000
        : options.autoAcceptIntervalMs
    if (intervalMs === null) return
    // Due times live in the database: a restarted server accepts what fell due meanwhile.
    let job: AutoAcceptJob | undefined
    app.addHook('onReady', async () => {
      job = startAutoAcceptJob(db, { ...deps, log: app.log }, intervalMs)
    })
    app.addHook('onClose', async () => job?.stop())
  },
  {
    name: 'complaints',
    fastify: '5.x',
    dependencies: ['file-storage', 'sms-sender', 'signing'],
  },
)
