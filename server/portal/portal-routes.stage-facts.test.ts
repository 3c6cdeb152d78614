import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { portalSign } from '#common/protocol/portal-sign.ts'
import type { ProjectDetail, ProjectSummary } from '#common/schemas/project.ts'
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
  bidOpeningFacts,
  tenderNoticeFacts,
} from '#tests/stage-facts-fixtures.ts'
import { buildTestApp } from '#tests/test-app.ts'

describe.each(testEngines)(
  "a stage's facts in /Project/Detail of the Portal API on %s",
  (engine) => {
    let test: TestDatabase
    let app: FastifyInstance
    let staff: Awaited<ReturnType<typeof contentStaff>>
    const config = testConfig('')

    async function data<T>(path: string, body: Record<string, unknown>) {
      const params = { ...body, ts: Date.now() }
      const response = await app.inject({
        method: 'POST',
        url: `/JdPortalApi${path}`,
        headers: {
          'content-type': 'application/json',
          'x-sign': await portalSign(params, config.portalApiSecret),
        },
        payload: params,
      })
      expect(response.statusCode, response.body).toBe(200)
      const envelope = response.json<{ State: number; Data: string }>()
      expect(envelope.State).toBe(200)
      return decryptWithNode(envelope.Data, config.portalAesKey) as T
    }
    const stageOf = (detail: ProjectDetail, stage: string) =>
      detail.stages.find((s) => s.stage === stage)

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

    it('gives a published 开标记录 its bids, and a stage published without facts none', async () => {
      const project = await publishItem(
        staff,
        'project',
        projectFields('XJSL-2026-GC-301', {
          name: '玛纳斯河防洪堤加固工程施工',
        }),
      )
      const id = publicIdOf(project)
      await publishItem(
        staff,
        'announcement',
        announcementFields(
          id,
          'bidNotice',
          '玛纳斯河防洪堤加固工程施工招标公告',
        ),
      )
      await publishItem(
        staff,
        'announcement',
        announcementFields(
          id,
          'bidOpening',
          '玛纳斯河防洪堤加固工程施工开标记录',
          {
            facts: bidOpeningFacts,
          },
        ),
      )

      const detail = await data<ProjectDetail>('/Project/Detail', { id })
      const opening = stageOf(detail, 'bidOpening')!.announcement!
      expect(opening.facts).toEqual(bidOpeningFacts)
      expect(opening.title).toBe('玛纳斯河防洪堤加固工程施工开标记录')
      expect(stageOf(detail, 'bidNotice')!.announcement!.facts).toBeNull()
      // The stages not yet published have no announcement at all.
      expect(stageOf(detail, 'bidResult')!.announcement).toBeNull()
    })

    it('shows an announcement whose stored facts no longer read as its stage’s without them, never refusing the page', async () => {
      const page = await data<{ Table: ProjectSummary[] }>(
        '/Project/PageList',
        { category: 1, subType: 101, stage: 'bidEvaluation' },
      )
      const id = page.Table[0]!.id
      const rows = await test.db
        .selectFrom('projectAnnouncement')
        .select(['id', 'stage'])
        .where('projectId', '=', id)
        .execute()
      const idOf = (stage: string) =>
        rows.find((row) => row.stage === stage)!.id
      const stored: [string, string][] = [
        // Not JSON.
        ['entry', '{"stage":"bidOpening",'],
        // Another stage's facts.
        ['bidEvaluation', JSON.stringify(bidOpeningFacts)],
        // A bid without its bidder.
        [
          'bidOpening',
          JSON.stringify({ stage: 'bidOpening', bids: [{ price: 1 }] }),
        ],
      ]
      for (const [stage, facts] of [
        ...stored,
        ['bidNotice', JSON.stringify(tenderNoticeFacts)],
      ])
        await test.db
          .updateTable('projectAnnouncement')
          .set({ facts })
          .where('id', '=', idOf(stage!))
          .execute()

      const detail = await data<ProjectDetail>('/Project/Detail', { id })
      for (const [stage] of stored) {
        const announcement = stageOf(detail, stage)!.announcement!
        expect(announcement.title).not.toBe('')
        expect(announcement.facts, stage).toBeNull()
      }
      // The stage whose facts do read keeps them.
      expect(stageOf(detail, 'bidNotice')!.announcement!.facts).toEqual(
        tenderNoticeFacts,
      )
    })
  },
)
