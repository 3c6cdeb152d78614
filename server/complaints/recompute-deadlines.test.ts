import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ComplaintStatus } from '#common/schemas/complaint/complaint-follow-up.ts'
import { createLogSmsSender } from '#server/shared/sms-sender.ts'
import { testConfig } from '#tests/app-config.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'
import { complaintTestApi } from '#tests/complaint-test-api.ts'
import {
  calendarCoveringUpTo,
  validatedFiling,
} from '#tests/complaint-test-data.ts'
import { fileComplaint } from '#server/complaints/file-complaint.ts'
import { recomputeOpenDeadlines } from './recompute-deadlines.ts'
import type { WorkingCalendar } from './working-calendar.ts'

const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`)
const OPERATOR = { operator: '赵科长' }

describe.each(testEngines)(
  'provisional deadlines and their recomputation on %s',
  (engine) => {
    let t: TestDatabase
    let clock = at('2026-09-28 09:00:00')
    const sms = createLogSmsSender({ info() {} })
    const apps: FastifyInstance[] = []

    /** The app as started with the holiday data `calendar` (default: the installed one). */
    async function start(calendar?: WorkingCalendar) {
      const app = await buildTestApp(t, {
        sms,
        now: () => clock,
        calendar,
        autoAcceptIntervalMs: null,
      })
      apps.push(app)
      await app.ready()
      return complaintTestApi(app, testConfig(t.dataDir))
    }
    /** Files on the holiday data the running app has (default: the installed one). */
    async function file(calendar?: WorkingCalendar) {
      const filing = await validatedFiling(t.db, t.storage)
      return fileComplaint(t.db, { now: () => clock, calendar }, filing)
    }
    type Api = Awaited<ReturnType<typeof start>>
    async function status(
      api: Api,
      access: { complaintNo: string; queryCode: string },
    ) {
      const response = await api.regional('GET', '/api/xjslts/tsbhcx', access)
      expect(response.statusCode).toBe(200)
      return response.json<{ Success: true; Data: ComplaintStatus }>().Data
    }
    const row = (complaintNo: string) =>
      t.db
        .selectFrom('complaint')
        .selectAll()
        .where('complaintNo', '=', complaintNo)
        .executeTakeFirstOrThrow()
    const recomputeEvents = (complaintNo: string) =>
      t.db
        .selectFrom('complaintEvent as e')
        .innerJoin('complaint as c', 'c.id', 'e.complaintId')
        .select(['e.reason', 'e.actorKind', 'e.fromState', 'e.toState'])
        .where('c.complaintNo', '=', complaintNo)
        .where('e.type', '=', 'recompute-deadlines')
        .execute()

    beforeAll(async () => {
      t = await createTestDatabase(engine)
    })
    afterAll(async () => {
      for (const app of apps) await app.close()
      await t?.destroy()
    })

    it('accepts a complaint on 2026-11-23 with a 暂定 decision deadline in 2027', async () => {
      const api = await start()
      clock = at('2026-11-20 09:00:00')
      const access = await file()
      clock = at('2026-11-20 10:00:00')
      expect(
        (
          await api.staff(
            `/complaints/${access.complaintNo}/actions/sign`,
            OPERATOR,
          )
        ).statusCode,
      ).toBe(200)
      clock = at('2026-11-23 10:00:00')
      const accepted = await api.staff(
        `/complaints/${access.complaintNo}/actions/accept`,
        OPERATOR,
      )
      expect(accepted.statusCode).toBe(200)

      const s = await status(api, access)
      expect(s.deadlines[0]).toMatchObject({
        kind: 'acceptance',
        dueDate: '2026-11-25',
        provisional: false,
      })
      // 30 working days: 28 left in 2026, then Friday 2027-01-01 and Monday 01-04.
      expect(s.deadlines[1]).toMatchObject({
        kind: 'decision',
        dueDate: '2027-01-04',
        provisional: true,
        status: 'pending',
      })
      const detail = await api.staff(`/complaints/${access.complaintNo}`)
      expect(detail.json().deadlines[1].provisional).toBe(true)
      const list = await api.staff(`/complaints?keyword=${access.complaintNo}`)
      expect(list.json().items[0]).toMatchObject({
        decisionDueDate: '2027-01-04',
        isDecisionDueProvisional: true,
        isAcceptanceDueProvisional: false,
      })
    })

    it('recomputes deadlines counted before a year was published once the calendar has it, once', async () => {
      // Started with a chinese-days release that ends with 2025: 2026 is provisional.
      const oldCalendar = calendarCoveringUpTo(2025)
      const old = await start(oldCalendar)
      // 条例 art. 61: each acceptance period runs from the day of filing (submission).
      clock = at('2026-09-22 09:00:00')
      const accepted = await file(oldCalendar)
      clock = at('2026-09-22 10:00:00')
      await old.staff(
        `/complaints/${accepted.complaintNo}/actions/sign`,
        OPERATOR,
      )
      clock = at('2026-09-25 10:00:00')
      await old.staff(
        `/complaints/${accepted.complaintNo}/actions/accept`,
        OPERATOR,
      )
      clock = at('2026-09-29 10:00:00')
      const waiting = await file(oldCalendar)
      await old.staff(
        `/complaints/${waiting.complaintNo}/actions/sign`,
        OPERATOR,
      )
      // Weekdays only: 9-30, 10-1 and 10-2 (国庆节 not known yet).
      let s = await status(old, waiting)
      expect(s.deadlines[0]).toMatchObject({
        dueDate: '2026-10-02',
        provisional: true,
      })
      expect((await row(waiting.complaintNo)).autoAcceptAt).toBe(
        '2026-10-03 00:00:00',
      )
      expect((await row(accepted.complaintNo)).decisionDueDate).toBe(
        '2026-11-06',
      )

      // The package upgraded to the release with 2026: the start recomputes.
      clock = at('2026-09-30 08:00:00')
      const upgraded = await start()
      s = await status(upgraded, waiting)
      // 国庆节 10-1..10-7 are holidays: 9-30, 10-8, 10-9.
      expect(s.deadlines[0]).toMatchObject({
        dueDate: '2026-10-09',
        provisional: false,
      })
      expect(s.timeline.at(-1)).toMatchObject({
        type: 'recompute-deadlines',
        label: '重新计算法定期限',
        actor: { kind: 'system', name: '系统' },
        fromState: 'received',
        toState: 'received',
        occurredAt: '2026-09-30 08:00:00',
        reason:
          '依据新公布的法定节假日和调休安排重新计算法定期限：受理期限 2026-10-02 → 2026-10-09',
      })
      expect((await row(waiting.complaintNo)).autoAcceptAt).toBe(
        '2026-10-10 00:00:00',
      )
      // Decision: 30 working days after 9-25 with 国庆节 and the 调休 Saturday 10-10.
      const decided = await row(accepted.complaintNo)
      expect(decided.decisionDueDate).toBe('2026-11-12')
      expect(await recomputeEvents(accepted.complaintNo)).toEqual([
        {
          reason:
            '依据新公布的法定节假日和调休安排重新计算法定期限：处理期限 2026-11-06 → 2026-11-12',
          actorKind: 'system',
          fromState: 'accepted',
          toState: 'accepted',
        },
      ])

      // A second start (or a second process) finds nothing to move.
      const version = decided.version
      await start()
      expect(await recomputeOpenDeadlines(t.db, { now: () => clock })).toEqual(
        [],
      )
      expect(await recomputeEvents(waiting.complaintNo)).toHaveLength(1)
      expect(await recomputeEvents(accepted.complaintNo)).toHaveLength(1)
      expect((await row(accepted.complaintNo)).version).toBe(version)
    })

    it('gives complaints filed before the clock started at submission their statutory acceptance deadline at start, once', async () => {
      clock = at('2026-09-28 09:00:00')
      const unsigned = await file()
      const signedLate = await file()
      clock = at('2026-09-30 10:00:00')
      await (
        await start()
      ).staff(`/complaints/${signedLate.complaintNo}/actions/sign`, OPERATOR)
      // As the earlier version stored them: no deadline while 待签收, and one counted from the
      // day of signing (9-30: 10-08, 10-09 and the 调休 Saturday 10-10) once signed for.
      const setClock = (
        complaintNo: string,
        acceptanceDueDate: string | null,
        autoAcceptAt: string | null,
      ) =>
        t.db
          .updateTable('complaint')
          .set({ acceptanceDueDate, autoAcceptAt })
          .where('complaintNo', '=', complaintNo)
          .execute()
      await setClock(unsigned.complaintNo, null, null)
      await setClock(
        signedLate.complaintNo,
        '2026-10-10',
        '2026-10-11 00:00:00',
      )

      clock = at('2026-09-30 11:00:00')
      const upgraded = await start()
      // 3 working days from the filing on 9-28: 9-29, 9-30 and 10-08 (国庆节 not counted).
      for (const access of [unsigned, signedLate]) {
        expect((await row(access.complaintNo)).autoAcceptAt).toBe(
          '2026-10-09 00:00:00',
        )
        const s = await status(upgraded, access)
        expect(s.deadlines[0]).toMatchObject({
          kind: 'acceptance',
          startDate: '2026-09-28',
          dueDate: '2026-10-08',
          status: 'pending',
        })
      }
      expect(await recomputeEvents(unsigned.complaintNo)).toEqual([
        {
          reason:
            '依据《招标投标法实施条例》第六十一条，受理期限自收到投诉之日（网上提交之日）起计算：受理期限 未计算 → 2026-10-08',
          actorKind: 'system',
          fromState: 'submitted',
          toState: 'submitted',
        },
      ])
      expect(await recomputeEvents(signedLate.complaintNo)).toEqual([
        {
          reason:
            '依据《招标投标法实施条例》第六十一条，受理期限自收到投诉之日（网上提交之日）起计算：受理期限 2026-10-10 → 2026-10-08',
          actorKind: 'system',
          fromState: 'received',
          toState: 'received',
        },
      ])

      // Idempotent: a second start (or process) finds nothing to fill.
      const version = (await row(unsigned.complaintNo)).version
      await start()
      expect(await recomputeOpenDeadlines(t.db, { now: () => clock })).toEqual(
        [],
      )
      expect(await recomputeEvents(unsigned.complaintNo)).toHaveLength(1)
      expect((await row(unsigned.complaintNo)).version).toBe(version)
    })
  },
)
