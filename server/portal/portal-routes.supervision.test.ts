import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { portalSign } from '#common/protocol/portal-sign.ts'
import type {
  StatisticsRow,
  SupervisionStatistics,
} from '#common/schemas/supervision-statistics.ts'
import { testConfig } from '#tests/app-config.ts'
import {
  announcementFields,
  contentStaff,
  projectFields,
  publicIdOf,
  publishItem,
} from '#tests/content-test-api.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { decryptWithNode } from '#tests/decrypt-with-node.ts'
import { TEST_NOW } from '#tests/setup/test-clock.ts'
import {
  bidders,
  bidOpeningFacts,
  tenderNoticeFacts,
} from '#tests/stage-facts-fixtures.ts'
import { buildTestApp } from '#tests/test-app.ts'

// 监督统计 through the Portal API and as open data: a tender published through the console's
// workflow shows in its quarter at once, its warning with it, and no company is ever named.

describe.each(testEngines)(
  '/Supervision/Statistics of the Portal API on %s',
  (engine) => {
    let test: TestDatabase
    let app: FastifyInstance
    let staff: Awaited<ReturnType<typeof contentStaff>>
    const config = testConfig('')

    async function call(body: Record<string, unknown>) {
      const params = { ...body, ts: Date.now() }
      return app.inject({
        method: 'POST',
        url: '/JdPortalApi/Supervision/Statistics',
        headers: {
          'content-type': 'application/json',
          'x-sign': await portalSign(params, config.portalApiSecret),
        },
        payload: params,
      })
    }
    async function statistics(body: Record<string, unknown>) {
      const response = await call(body)
      expect(response.statusCode, response.body).toBe(200)
      const envelope = response.json<{ State: number; Data: string }>()
      expect(envelope.State).toBe(200)
      return decryptWithNode(
        envelope.Data,
        config.portalAesKey,
      ) as SupervisionStatistics
    }
    const construction = (figures: SupervisionStatistics) =>
      figures.rows.find((row) => row.category === 1)
    const zero: Pick<
      StatisticsRow,
      'projects' | 'tenderDays' | 'bidders' | 'warnings'
    > = {
      projects: 0,
      tenderDays: { count: 0, mean: null },
      bidders: { count: 0, mean: null },
      warnings: { raised: 0, open: 0, verified: 0, dismissed: 0, cleared: 0 },
    }

    beforeAll(async () => {
      test = await createTestDatabase(engine)
      app = await buildTestApp(test, {
        now: () => new Date(TEST_NOW),
        contentScheduleIntervalMs: null,
      })
      staff = await contentStaff(app)
    })
    afterAll(async () => {
      await app?.close()
      await test?.destroy()
    })

    const projectName = '博尔塔拉河灌区续建配套与节水改造工程施工'
    const tenderer = '博尔塔拉蒙古自治州水利局'

    it('counts a tender published through the workflow in its quarter at once, with the warning its facts raise', async () => {
      const quarter = { year: 2026, quarter: 4 }
      const before = await statistics(quarter)
      const was = construction(before) ?? zero
      const tenderPeriodWas = before.indicators.find(
        (each) => each.code === 'tenderPeriod',
      )!.raised

      const project = await publishItem(
        staff,
        'project',
        projectFields('SL-TJ-2026-401', { name: projectName, tenderer }),
      )
      const id = publicIdOf(project)
      // 15 days from the documents' first issue to the bid deadline: under the law's 20.
      await publishItem(
        staff,
        'announcement',
        announcementFields(id, 'bidNotice', `${projectName}招标公告`, {
          facts: {
            ...tenderNoticeFacts,
            documentsFrom: '2026-11-24',
            documentsUntil: '2026-11-30',
            bidDeadline: '2026-12-09 10:00:00',
            openingTime: '2026-12-09 10:00:00',
          },
        }),
      )
      await publishItem(
        staff,
        'announcement',
        announcementFields(id, 'bidOpening', `${projectName}开标记录`, {
          facts: bidOpeningFacts,
        }),
      )

      // No waiting out the 10 s cache: the publications cleared it.
      const after = await statistics(quarter)
      expect(after.label).toBe('2026年第4季度')
      expect(after.quarters).toContainEqual({
        ...quarter,
        label: '2026年第4季度',
      })
      const now = construction(after)!
      expect(now.quarterLabel).toBe('2026年第4季度')
      expect(now.categoryName).toBe('工程建设')
      expect(now.projects).toBe(was.projects + 1)
      expect(now.tenderDays.count).toBe(was.tenderDays.count + 1)
      expect(now.bidders.count).toBe(was.bidders.count + 1)
      expect(now.warnings.raised).toBe(was.warnings.raised + 1)
      expect(now.warnings.open).toBe(was.warnings.open + 1)
      expect(
        after.indicators.find((each) => each.code === 'tenderPeriod'),
      ).toMatchObject({
        name: '招标期过短',
        basis: '《招标投标法》第二十四条',
        raised: tenderPeriodWas + 1,
      })

      // Moved to a quarter of its own, the tender's figures are exactly what its facts say, as
      // the publication stored them: 15 days, and three of its four bids opened.
      await test.db
        .updateTable('project')
        .set({ publishTime: '2032-01-15 10:00:00' })
        .where('id', '=', id)
        .execute()
      await app.contentChanges.announce({
        kind: 'project',
        publicId: id,
        action: 'publish',
      })
      const own = await statistics({ year: 2032, quarter: 1 })
      expect(construction(own)).toMatchObject({
        projects: 1,
        tenderDays: { count: 1, mean: 15 },
        bidders: { count: 1, mean: 3 },
      })
      expect(
        own.indicators.find((each) => each.code === 'tenderPeriod'),
      ).toMatchObject({ raised: 1, open: 1 })

      // Figures only: neither the project, its tenderer nor a bidder is named anywhere.
      const text = JSON.stringify(after)
      for (const name of [
        projectName,
        tenderer,
        ...Object.values(bidders).map((b) => b.name),
        ...Object.values(bidders).map((b) => b.creditCode),
      ])
        expect(text).not.toContain(name)
    })

    it('refuses a quarter without its year, and a quarter out of range, in Chinese', async () => {
      const alone = await call({ quarter: 4 })
      expect(alone.statusCode).toBe(400)
      expect(alone.json()).toEqual({
        State: 400,
        Msg: 'quarter：选择季度时须同时选择年份',
      })
      const fifth = await call({ year: 2026, quarter: 5 })
      expect(fifth.statusCode).toBe(400)
      expect(fifth.json<{ Msg: string }>().Msg).toContain('季度应为1至4')
    })

    it('serves the same figures as open data, in JSON and in CSV, for anyone to keep five minutes', async () => {
      // The tender of the first test, alone in its quarter.
      const figures = await statistics({ year: 2032, quarter: 1 })
      const json = await app.inject({
        method: 'GET',
        url: '/open-data/supervision-statistics.json?year=2032&quarter=1',
      })
      expect(json.statusCode).toBe(200)
      expect(json.headers['cache-control']).toBe('public, max-age=300')
      expect(json.headers['access-control-allow-origin']).toBe('*')
      expect(json.headers['content-type']).toBe(
        'application/json; charset=utf-8',
      )
      expect(json.json()).toEqual(figures)

      const csv = await app.inject({
        method: 'GET',
        url: '/open-data/supervision-statistics.csv?year=2032&quarter=1',
      })
      expect(csv.statusCode).toBe(200)
      expect(csv.headers['cache-control']).toBe('public, max-age=300')
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
      expect(csv.headers['content-disposition']).toBe(
        `attachment; filename*=UTF-8''${encodeURIComponent('监督统计（2032年第1季度）.csv')}`,
      )
      expect(csv.body.startsWith('\uFEFF季度,交易类别,预警指标,')).toBe(true)
      const lines = csv.body.split(/\r?\n/)
      expect(lines).toContain(
        '2032年第1季度,工程建设,招标期过短,,,,,,1,1,0,0,0,',
      )
      const raised = construction(figures)!.warnings.raised
      expect(lines).toContain(
        `2032年第1季度,工程建设,全部指标,1,15,1,3,1,${raised},${raised},0,0,0,0`,
      )
      expect(lines).toContain(
        `2032年第1季度,合计,全部指标,1,15,1,3,1,${raised},${raised},0,0,0,0`,
      )

      const refused = await app.inject({
        method: 'GET',
        url: '/open-data/supervision-statistics.json?quarter=4',
      })
      expect(refused.statusCode).toBe(400)
      expect(refused.json<{ message: string }>().message).toContain(
        '选择季度时须同时选择年份',
      )
    })
  },
)
