import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { ComplaintStatus } from '#common/schemas/complaint/complaint-follow-up.ts'
import { createDatabase } from '#server/db/database.ts'
import { createLogSmsSender } from '#server/shared/sms-sender.ts'
import { testConfig } from '#tests/app-config.ts'
import { complaintTestApi } from '#tests/complaint-test-api.ts'
import { validatedFiling } from '#tests/complaint-test-data.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'
import { AUTO_ACCEPT_JOB, runDueAutoAcceptances } from './auto-accept-job.ts'
import { performComplaintAction } from './complaint-service.ts'
import { fileComplaint } from './file-complaint.ts'

const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`)

// Each run of the job asks for the due complaints once: the runs of each process, counted by
// the database it asks.
const { runsOn } = vi.hoisted(() => ({ runsOn: new Map<object, number>() }))
vi.mock('./complaint-repository.ts', async (importOriginal) => {
  const actual =
    await importOriginal<typeof import('./complaint-repository.ts')>()
  return {
    ...actual,
    findComplaintsDueForAutoAcceptance: (
      ...args: Parameters<typeof actual.findComplaintsDueForAutoAcceptance>
    ) => {
      runsOn.set(args[0], (runsOn.get(args[0]) ?? 0) + 1)
      return actual.findComplaintsDueForAutoAcceptance(...args)
    },
  }
})

describe.each(testEngines)(
  'automatic acceptance of a complaint nobody signed for on %s',
  (engine) => {
    let t: TestDatabase
    let app: FastifyInstance
    let api: ReturnType<typeof complaintTestApi>
    let clock = at('2026-09-29 09:00:00')
    const sms = createLogSmsSender({ info() {} })

    beforeAll(async () => {
      t = await createTestDatabase(engine)
      app = await buildTestApp(t, {
        sms,
        now: () => clock,
        autoAcceptIntervalMs: null,
      })
      api = complaintTestApi(app, testConfig(t.dataDir))
    })
    afterAll(async () => {
      await app?.close()
      await t?.destroy()
    })

    async function status(access: { complaintNo: string; queryCode: string }) {
      const response = await api.regional('GET', '/api/xjslts/tsbhcx', access)
      expect(response.statusCode).toBe(200)
      return response.json<{ Success: true; Data: ComplaintStatus }>().Data
    }

    it('shows the deadline from filing and accepts the complaint at 待签收 when 3 working days pass', async () => {
      // Tuesday before 国庆节: due 10-09 (9-30, then 10-08 and 10-09).
      clock = at('2026-09-29 09:00:00')
      const access = await fileComplaint(
        t.db,
        { now: () => clock },
        await validatedFiling(t.db, t.storage),
      )
      let s = await status(access)
      expect(s.state).toBe('submitted')
      expect(s.deadlines).toEqual([
        {
          kind: 'acceptance',
          label: '受理期限（收到投诉后3个工作日，补正材料期间不计入）',
          startDate: '2026-09-29',
          workdays: 3,
          excludedWorkdays: 0,
          extensionWorkdays: 0,
          dueDate: '2026-10-09',
          pauseNote: null,
          provisional: false,
          status: 'pending',
        },
      ])

      clock = at('2026-10-09 23:59:59')
      expect(await runDueAutoAcceptances(t.db, app.complaints)).toEqual([])
      clock = at('2026-10-10 00:00:00')
      expect(await runDueAutoAcceptances(t.db, app.complaints)).toEqual([
        access.complaintNo,
      ])
      expect(await runDueAutoAcceptances(t.db, app.complaints)).toEqual([])

      s = await status(access)
      expect(s.state).toBe('accepted')
      // One system event from 待签收 to 待处理: no signing is recorded that nobody did.
      expect(
        s.timeline.map((e) => [e.type, e.fromState, e.toState, e.actor.name]),
      ).toEqual([
        ['submit', null, 'submitted', '李明'],
        ['auto-accept', 'submitted', 'accepted', '系统'],
      ])
      expect(s.timeline[1]?.reason).toBe(
        '收到投诉之日起三个工作日内未作出是否受理的决定，依法视为受理',
      )
      expect(s.documents.map((d) => d.label)).toEqual(['受理通知书'])
      await app.smsOutbox.settled()
      expect(sms.sent.at(-1)?.text).toContain('期满自动受理')
      // The decision period runs from acceptance as for any acceptance: 30 working days
      // from 10-10 (a 调休 Saturday) to 11-20.
      expect(s.deadlines).toMatchObject([
        { kind: 'acceptance', dueDate: '2026-10-09', status: 'met' },
        {
          kind: 'decision',
          startDate: '2026-10-10',
          dueDate: '2026-11-20',
          status: 'pending',
        },
      ])
      const row = await t.db
        .selectFrom('complaint')
        .select(['receivedAt', 'acceptedAt', 'autoAcceptAt'])
        .where('complaintNo', '=', access.complaintNo)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({
        receivedAt: null,
        acceptedAt: '2026-10-10 00:00:00',
        autoAcceptAt: null,
      })
    })

    it('runs the acceptance clock again when a 补正 request lapses unanswered, and accepts when the rest has passed', async () => {
      clock = at('2026-09-29 09:00:00')
      const access = await fileComplaint(
        t.db,
        { now: () => clock },
        await validatedFiling(t.db, t.storage),
      )
      const staff = { kind: 'staff' as const, name: '赵科长' }
      clock = at('2026-09-30 10:00:00')
      await performComplaintAction(
        t.db,
        app.complaints,
        access.complaintNo,
        'sign',
        staff,
        { note: undefined, internalNote: undefined },
      )
      // Due 10-10, the 调休 Saturday: 10-08, 10-09, 10-10.
      await performComplaintAction(
        t.db,
        app.complaints,
        access.complaintNo,
        'request-material',
        staff,
        { items: '请补充投标保证金缴纳凭证。', workdays: 3 },
      )
      expect((await status(access)).deadlines[0]).toMatchObject({
        dueDate: null,
        status: 'paused',
      })
      // Past the acceptance due date it was counted to (10-09), and on the material's due day.
      clock = at('2026-10-10 23:59:59')
      expect(await runDueAutoAcceptances(t.db, app.complaints)).toEqual([])
      expect((await status(access)).deadlines[0]?.status).toBe('paused')

      // 逾期未补正的，本机关将依据现有材料依法处理: from 10-11 the clock runs again. 9-30, 10-08,
      // 10-09 and 10-10 stood still, so 3 + 4 working days from 9-29: 10-14.
      clock = at('2026-10-11 00:00:00')
      expect(await runDueAutoAcceptances(t.db, app.complaints)).toEqual([])
      let s = await status(access)
      expect(s.deadlines[0]).toMatchObject({
        kind: 'acceptance',
        workdays: 7,
        excludedWorkdays: 4,
        dueDate: '2026-10-14',
        pauseNote: null,
        status: 'pending',
      })
      expect(s.timeline.at(-1)).toMatchObject({
        type: 'material-lapse',
        actor: { kind: 'system' },
        reason:
          '补正期限（2026-10-10）届满，投诉人未补正，依据现有材料依法处理：受理期限自2026-10-11起恢复计算，届满日为2026-10-14',
      })
      // Material sent late is still taken.
      expect(s.flags.isMaterialRequested).toBe(true)
      expect(await runDueAutoAcceptances(t.db, app.complaints)).toEqual([])
      expect(
        (await status(access)).timeline.filter(
          (e) => e.type === 'material-lapse',
        ),
      ).toHaveLength(1)

      clock = at('2026-10-14 23:59:59')
      expect(await runDueAutoAcceptances(t.db, app.complaints)).toEqual([])
      clock = at('2026-10-15 00:00:00')
      expect(await runDueAutoAcceptances(t.db, app.complaints)).toEqual([
        access.complaintNo,
      ])
      s = await status(access)
      expect(s.state).toBe('accepted')
      expect(s.deadlines[0]).toMatchObject({
        dueDate: '2026-10-14',
        status: 'met',
      })
    })
  },
)

// Two processes share a database on PostgreSQL. (Two SQLite connections in one test process
// would block each other's event loop while waiting for the write lock, which two processes
// on one SQLite file do not; the lease itself is tested on both engines in job-lease.test.ts.)
describe.runIf(testEngines.includes('postgres'))(
  'automatic acceptance with two processes on one PostgreSQL database',
  () => {
    let t: TestDatabase

    beforeAll(async () => {
      t = await createTestDatabase('postgres')
    })
    afterAll(async () => {
      await t?.destroy()
    })

    it('accepts each due complaint once: one event, one notice, one text message', async () => {
      let clock = at('2026-09-29 09:00:00')
      const filed = []
      for (let i = 0; i < 3; i++)
        filed.push(
          await fileComplaint(
            t.db,
            { now: () => clock },
            await validatedFiling(t.db, t.storage),
          ),
        )
      clock = at('2026-10-10 00:00:00') // the 3 working days have passed

      // Two processes of the portal, each with its own connections and its job on a short
      // timer, started together so that their first runs meet.
      const otherDb = await createDatabase({
        dataDir: t.dataDir,
        databaseUrl: t.databaseUrl,
      })
      const senders = [0, 1].map(() => createLogSmsSender({ info() {} }))
      const options = { now: () => clock, autoAcceptIntervalMs: 50 }
      const apps = [
        await buildTestApp(t, { ...options, sms: senders[0] }),
        await buildTestApp(
          { ...t, db: otherDb },
          { ...options, sms: senders[1] },
        ),
      ]
      const numbers = filed.map((access) => access.complaintNo)
      const rows = () =>
        t.db
          .selectFrom('complaint')
          .select(['id', 'complaintNo', 'state'])
          .where('complaintNo', 'in', numbers)
          .execute()
      try {
        await Promise.all(apps.map((app) => app.ready()))
        await expect
          .poll(async () => (await rows()).map((row) => row.state), {
            timeout: 10_000,
          })
          .toEqual(['accepted', 'accepted', 'accepted'])
        // Both go on ticking, each running the job three times more: nothing more happens.
        const dbs = [t.db, otherDb]
        const before = dbs.map((db) => runsOn.get(db) ?? 0)
        await vi.waitFor(
          () =>
            dbs.forEach((db, i) =>
              expect(runsOn.get(db) ?? 0).toBeGreaterThanOrEqual(
                before[i]! + 3,
              ),
            ),
          { timeout: 10_000, interval: 20 },
        )
        await Promise.all(apps.map((app) => app.smsOutbox.settled()))
      } finally {
        for (const app of apps) await app.close()
        await otherDb.destroy()
      }

      const ids = (await rows()).map((row) => row.id)
      const events = await t.db
        .selectFrom('complaintEvent')
        .select(['complaintId', 'type'])
        .where('complaintId', 'in', ids)
        .where('type', '=', 'auto-accept')
        .execute()
      expect(events.map((e) => e.complaintId).sort()).toEqual([...ids].sort())
      const notices = await t.db
        .selectFrom('complaintDocument')
        .select(['complaintId'])
        .where('complaintId', 'in', ids)
        .execute()
      expect(notices.map((d) => d.complaintId).sort()).toEqual([...ids].sort())
      const texts = senders
        .flatMap((sender) => sender.sent)
        .filter((message) => message.text.includes('期满自动受理'))
      expect(texts).toHaveLength(3)
      const lease = await t.db
        .selectFrom('jobLease')
        .select('holder')
        .where('job', '=', AUTO_ACCEPT_JOB)
        .executeTakeFirstOrThrow()
      expect(lease.holder).toMatch(/\/\d+\/[0-9a-f]{6}$/)
    })
  },
)
