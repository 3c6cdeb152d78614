import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'

import { DEPARTMENT_SEAL_NAME } from '#common/constants/site.ts'
import type { Database } from '#server/db/schema.ts'
import { createJobLease } from '#server/shared/job-lease.ts'
import {
  type MailOutboxJob,
  startMailOutboxJob,
} from '#server/shared/mail-outbox.ts'
import { type AutoAcceptJob, startAutoAcceptJob } from './auto-accept-job.ts'
import type { ComplaintDeps } from './complaint-service.ts'
import { forgetExpiredAcknowledgements } from './filing/filing-acknowledgement.ts'
import { recomputeOpenDeadlines } from './recompute-deadlines.ts'
import { type ReminderJob, startReminderJob } from './reminders/reminder-job.ts'
import { type SmsOutboxJob, startSmsOutboxJob } from './sms-outbox-job.ts'
import type { WorkingCalendar } from './working-calendar.ts'

declare module 'fastify' {
  interface FastifyInstance {
    complaints: ComplaintDeps
    smsOutbox: Pick<SmsOutboxJob, 'wake' | 'settled'>
    mailOutbox: Pick<MailOutboxJob, 'wake' | 'settled'>
    complaintReminders: Pick<ReminderJob, 'wake' | 'settled'>
  }
}

type ComplaintsPluginOptions = {
  db: Kysely<Database>
  now?: () => Date
  calendar?: WorkingCalendar
  // null: never (tests run it by hand).
  autoAcceptIntervalMs?: number | null
  // A null interval: only at start and when a commit wakes it.
  smsOutbox?: { intervalMs?: number | null; leaseMs?: number }
  // Deadline reminders and the morning digest: where the mails link to, how often they are
  // looked for (null: at start and when woken). Absent: not at all (tests run them by hand).
  reminders?: { baseUrl: string; intervalMs?: number | null }
}

const FORGET_ACKNOWLEDGEMENTS_MS = 60 * 60_000

const RECOMPUTE_DEADLINES_JOB = 'complaints:recompute-deadlines'
const FORGET_ACKNOWLEDGEMENTS_JOB = 'complaints:forget-acknowledgements'

// The recount, the forgetting and the acceptance (条例 art. 62) run in one process at a time,
// whichever takes the job's lease; the outbox claims each message for itself.
export const complaintsPlugin = fp<ComplaintsPluginOptions>(
  async (app, options) => {
    const { db } = options
    const { provider } = app.signing
    // Messages are queued in the transactions of the changes they tell about; the job sends
    // them. It starts once the app is ready; a message queued before waits for its first run.
    let outbox: SmsOutboxJob | undefined
    const smsOutbox = {
      wake: () => outbox?.wake(),
      settled: async () => outbox?.settled(),
    }
    app.decorate('smsOutbox', smsOutbox)
    const deps: ComplaintDeps = {
      storage: app.storage,
      sms: app.sms,
      now: options.now,
      calendar: options.calendar,
      log: app.log,
      wakeSmsOutbox: smsOutbox.wake,
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
    const lease = createJobLease(db)

    // Before the automatic acceptance below reads the due times.
    app.addHook('onReady', async () => {
      try {
        // Started with another process, that one recounts: the result is the same.
        await lease.runExclusive(RECOMPUTE_DEADLINES_JOB, async () => {
          const changed = await recomputeOpenDeadlines(db, deps)
          if (changed.length > 0)
            app.log.info({ changed }, 'statutory deadlines recomputed')
        })
      } catch (error) {
        app.log.error({ err: error }, 'statutory deadlines not recomputed')
      }
    })
    app.addHook('onReady', async () => {
      outbox = startSmsOutboxJob(
        db,
        {
          sms: app.sms,
          now: options.now,
          leaseMs: options.smsOutbox?.leaseMs,
          log: app.log,
        },
        options.smsOutbox?.intervalMs === undefined
          ? 15_000
          : options.smsOutbox.intervalMs,
      )
    })
    app.addHook('onClose', async () => outbox?.stop())

    let mailOutbox: MailOutboxJob | undefined
    app.decorate('mailOutbox', {
      wake: () => mailOutbox?.wake(),
      settled: async () => mailOutbox?.settled(),
    })
    app.addHook('onReady', async () => {
      mailOutbox = startMailOutboxJob(
        db,
        { mail: app.mail, now: options.now, log: app.log },
        60_000,
      )
    })
    app.addHook('onClose', async () => mailOutbox?.stop())

    let reminders: ReminderJob | undefined
    app.decorate('complaintReminders', {
      wake: () => reminders?.wake(),
      settled: async () => reminders?.settled(),
    })
    const reminderOptions = options.reminders
    if (reminderOptions)
      app.addHook('onReady', async () => {
        reminders = startReminderJob(
          db,
          {
            now: options.now,
            calendar: options.calendar,
            baseUrl: reminderOptions.baseUrl,
            wakeSmsOutbox: smsOutbox.wake,
            wakeMailOutbox: () => mailOutbox?.wake(),
            lease,
            log: app.log,
          },
          reminderOptions.intervalMs ?? null,
        )
      })
    app.addHook('onClose', async () => reminders?.stop())

    const forget = async () => {
      try {
        await lease.runExclusive(FORGET_ACKNOWLEDGEMENTS_JOB, () =>
          forgetExpiredAcknowledgements(db, options.now?.() ?? new Date()),
        )
      } catch (error) {
        app.log.error({ err: error }, 'filing acknowledgements not forgotten')
      }
    }
    let forgetTimer: ReturnType<typeof setInterval> | undefined
    app.addHook('onReady', async () => {
      await forget()
      forgetTimer = setInterval(forget, FORGET_ACKNOWLEDGEMENTS_MS)
      forgetTimer.unref()
    })
    app.addHook('onClose', async () => clearInterval(forgetTimer))

    const intervalMs =
      options.autoAcceptIntervalMs === undefined
        ? 60_000
        : options.autoAcceptIntervalMs
    if (intervalMs === null) return
    // Due times live in the database: a restarted server accepts what fell due meanwhile.
    let job: AutoAcceptJob | undefined
    app.addHook('onReady', async () => {
      job = startAutoAcceptJob(db, { ...deps, lease, log: app.log }, intervalMs)
    })
    app.addHook('onClose', async () => job?.stop())
  },
  {
    name: 'complaints',
    fastify: '5.x',
    dependencies: ['file-storage', 'sms-sender', 'mail-sender', 'signing'],
  },
)
