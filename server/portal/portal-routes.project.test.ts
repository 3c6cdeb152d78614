import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { REGIONS } from '#common/constants/trade.ts'
import { MSG_NOT_FOUND } from '#common/messages.ts'
import { portalSign } from '#common/protocol/portal-sign.ts'
import type {
  LinkageDetail,
  ProjectDetail,
  ProjectHomeSummary,
  ProjectLatest,
  ProjectStatistics,
  ProjectSummary,
  ProjectTypeNode,
} from '#common/schemas/project.ts'
import { testConfig } from '#tests/app-config.ts'
import { decryptWithNode } from '#tests/decrypt-with-node.ts'
import {
  createTestDatabase,
  seededAt,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'

describe.each(testEngines)(
  'project routes of the Portal API on %s',
  (engine) => {
    let test: TestDatabase
    let app: FastifyInstance
    const config = testConfig('')

    async function call(path: string, body: Record<string, unknown>) {
      const params = { ...body, ts: Date.now() }
      return app.inject({
        method: 'POST',
        url: `/JdPortalApi${path}`,
        headers: {
          'content-type': 'application/json',
          'x-sign': await portalSign(params, config.portalApiSecret),
        },
        payload: params,
      })
    }

    async function data<T>(path: string, body: Record<string, unknown>) {
      const response = await call(path, body)
      expect(response.statusCode).toBe(200)
      const envelope = response.json<{ State: number; Data: string }>()
      expect(envelope.State).toBe(200)
      return decryptWithNode(envelope.Data, config.portalAesKey) as T
    }

    beforeAll(async () => {
      test = await createTestDatabase(engine)
      // The portal's day is the templates' day: "today's openings" are the seeded ones.
      app = await buildTestApp(test, { now: () => seededAt })
    })
    afterAll(async () => {
      await app?.close()
      await test?.destroy()
    })

    it('answers the type tree for a body without createTime, and ignores one that has it', async () => {
      const tree = await data<ProjectTypeNode[]>(
        '/Project/JdPortalProjectTypeTree',
        {},
      )
      expect(tree).toHaveLength(7)
      expect(tree[4]).toEqual({
        label: '采矿权',
        value: '5',
        children: [
          { label: '河道采砂', value: '501' },
          { label: '建筑石料', value: '502' },
        ],
      })
      const withCreateTime = await data<ProjectTypeNode[]>(
        '/Project/JdPortalProjectTypeTree',
        { createTime: '2025-01-01' },
      )
      expect(withCreateTime).toEqual(tree)
    })

    it('serves a signed, encrypted page of ten projects filtered by the cascader', async () => {
      const page = await data<{ Table: ProjectSummary[]; Total: number }>(
        '/Project/PageList',
        { pageNo: 1, pageSize: 10, category: '1', subType: '101' },
      )
      expect(page.Table.length).toBeGreaterThan(0)
      expect(page.Table.length).toBeLessThanOrEqual(10)
      for (const row of page.Table) expect(row.subTypeName).toBe('施工')
      expect(Object.keys(page.Table[0]!).sort()).toEqual(
        [
          'amount',
          'announcementId',
          'category',
          'categoryName',
          'code',
          'id',
          'name',
          'publishTime',
          'regionCode',
          'regionName',
          'stage',
          'stageName',
          'subType',
          'subTypeName',
          'tenderer',
          'title',
          'tradeMode',
          // Added beside the fields above, which keep their names.
          'registrationDeadline',
          'openingTime',
          'currentStage',
          'currentStageName',
        ].sort(),
      )
    })

    it('refuses bad filters with a Chinese message and State 400', async () => {
      const stage = await call('/Project/PageList', {
        category: 3,
        stage: 'bidOpening',
      })
      expect(stage.statusCode).toBe(400)
      expect(stage.json()).toEqual({
        State: 400,
        Msg: 'stage：所选交易类别没有该交易环节',
      })
      const category = await call('/Project/PageList', { category: 9 })
      expect(category.json()).toEqual({
        State: 400,
        Msg: 'category：交易类别无效',
      })
      const region = await call('/Project/PageList', { region: '乌鲁木齐' })
      expect(region.json()).toEqual({ State: 400, Msg: 'region：地区编码无效' })
    })

    it('sorts and filters by the opening, the registration deadline and the current stage', async () => {
      const page = await data<{ Table: ProjectSummary[]; Total: number }>(
        '/Project/PageList',
        {
          pageSize: 100,
          category: 1,
          currentStage: 'bidRegistration',
          sort: 'openingTime',
          order: 'asc',
        },
      )
      expect(page.Total).toBeGreaterThan(0)
      const openings = page.Table.map((row) => row.openingTime!)
      expect(openings).toEqual([...openings].sort())
      for (const row of page.Table) {
        expect([row.currentStage, row.currentStageName]).toEqual([
          'bidRegistration',
          '投标报名',
        ])
        // Registration has closed; the bids are still to be opened.
        expect(row.registrationDeadline! < row.openingTime!).toBe(true)
      }
      // The same in the query of a GET.
      const search = new URLSearchParams({
        ts: String(Date.now()),
        sort: 'registrationDeadline',
        order: 'desc',
        registrationStart: '2000-01-01 00:00:00',
      })
      const params = Object.fromEntries(search)
      const response = await app.inject({
        method: 'GET',
        url: `/JdPortalApi/Project/PageList?${search}`,
        headers: {
          'x-sign': await portalSign(params, config.portalApiSecret),
        },
      })
      expect(response.statusCode).toBe(200)
      const deadlines = decryptWithNode(
        response.json<{ Data: string }>().Data,
        config.portalAesKey,
      ) as { Table: ProjectSummary[] }
      const times = deadlines.Table.map((row) => row.registrationDeadline!)
      expect(times.length).toBeGreaterThan(0)
      expect(times).toEqual([...times].sort().reverse())
    })

    it('refuses an unknown sort field or order and a current stage outside the category, in Chinese', async () => {
      for (const [body, msg] of [
        [{ sort: 'name' }, 'sort：排序字段无效'],
        [{ sort: 'openingTime', order: 'random' }, 'order：排序方向无效'],
        [
          { category: 5, currentStage: 'bidOpening' },
          'currentStage：所选交易类别没有该交易环节',
        ],
        [
          {
            openingStart: '2025-06-02 00:00:00',
            openingEnd: '2025-06-01 00:00:00',
          },
          'openingStart：开始时间不能晚于结束时间',
        ],
      ] as const) {
        const response = await call('/Project/PageList', body)
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({ State: 400, Msg: msg })
      }
    })

    it("serves the home page's summary: today's openings and deadlines, figures and notices", async () => {
      const summary = await data<ProjectHomeSummary>('/Project/HomeSummary', {
        size: 3,
      })
      expect(summary.openings.today.total).toBeGreaterThan(0)
      expect(summary.openings.today.items.length).toBeLessThanOrEqual(3)
      expect(summary.notices.tender).toHaveLength(3)
      expect(Object.keys(summary.figures).sort()).toEqual([
        'deadlinesThisWeek',
        'inProgress',
        'noticesThisMonth',
        'openingsThisWeek',
      ])
      const tooMany = await call('/Project/HomeSummary', { size: 50 })
      expect(tooMany.statusCode).toBe(400)
    })

    it('shows a project with its stages and serves the attachment it lists', async () => {
      const page = await data<{ Table: ProjectSummary[] }>(
        '/Project/PageList',
        {
          category: 1,
          subType: 101,
        },
      )
      const detail = await data<ProjectDetail>('/Project/Detail', {
        id: page.Table[0]!.id,
      })
      expect(detail.stages).toHaveLength(6)
      const file = detail.stages[1]!.announcement!.files[0]!
      const download = await app.inject({ method: 'GET', url: file.url })
      expect(download.statusCode).toBe(200)
      expect(download.headers['content-type']).toBe('application/pdf')
      expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')

      const missing = await call('/Project/Detail', { id: 999_999 })
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({ State: 404, Msg: MSG_NOT_FOUND })
    })

    it('serves statistics, the latest items per stage and linkage records', async () => {
      const stats = await data<ProjectStatistics>('/Project/Statistics', {
        months: 6,
      })
      expect(stats.byMonth).toHaveLength(6)
      const latest = await data<ProjectLatest>('/Project/Latest', {
        category: 1,
        size: 2,
      })
      expect(latest[0]!.stages.map((s) => s.items.length)).toEqual([
        2, 2, 2, 2, 2, 2,
      ])
      const linkages = await data<{ Table: { id: number }[]; Total: number }>(
        '/Project/LinkagePageList',
        { pageNo: 1, pageSize: 10 },
      )
      expect(linkages.Total).toBeGreaterThan(0)
      const record = await data<LinkageDetail>('/Project/LinkageDetail', {
        id: linkages.Table[0]!.id,
      })
      expect(record.content).toContain('发现问题')
      const missing = await call('/Project/LinkageDetail', { id: 999_999 })
      expect(missing.json()).toEqual({ State: 404, Msg: MSG_NOT_FOUND })
    })

    it('offers the regions as the region dictionary of /Common/SysDic', async () => {
      const dictionary = await data<{
        Table: { Label: string; Value: string }[]
      }>('/Common/SysDic', { type: 'region' })
      expect(dictionary.Table).toEqual(
        REGIONS.map((region) => ({ Label: region.label, Value: region.value })),
      )
    })
  },
)
