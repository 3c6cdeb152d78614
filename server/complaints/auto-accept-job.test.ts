import { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type ComplaintStatus } from '#common/schemas/complaint/complaint-follow-up.ts'
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
import { runDueAutoAcceptances } from './auto-accept-job.ts'
import { fileComplaint } from './file-complaint.ts'

const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`)

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
          label: '受理期限（收到投诉后3个工作日）',
          startDate: '2026-09-29',
          workdays: 3,
          excludedWorkdays: 0,
          extensionWorkdays: 0,
          dueDate: '2026-10-09',
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
  },
)
