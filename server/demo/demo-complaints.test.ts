import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { COMPLAINT_PROJECT_CATEGORY } from '#common/constants/statute.ts'
import type { TradeStageKey } from '#common/constants/trade.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { findPublishedComplaintPage } from '#server/complaints/published/published-complaints.ts'
import {
  createTestDatabase,
  seededAt,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { seedDemoBusiness } from './seed.ts'
import { seedDemoComplaints } from './demo-complaints.ts'
import { PREFECTURES } from './places.ts'

/** The announcement each kind of complaint objects to. */
const ANCHOR: Record<string, TradeStageKey> = {
  evaluation_result: 'bidEvaluation',
  bid_documents: 'bidNotice',
  opening: 'bidOpening',
}
const DAY_MS = 86_400_000
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to.slice(0, 10)}T00:00:00Z`) -
    Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) /
  DAY_MS

// The test templates are seeded today; a fresh database is seeded on another day.
const DAYS: [label: string, now: Date, isFresh: boolean][] = [
  ['the templates’ day', seededAt, false],
  ['2025-03-20', new Date('2025-03-20T03:00:00Z'), true],
]

describe.each(testEngines)('demo complaints on %s', (engine) => {
  describe.each(DAYS)('seeded on %s', (_label, now, isFresh) => {
    let t: TestDatabase
    const warnings: string[] = []
    const nowText = toShanghaiText(now)

    beforeAll(async () => {
      t = await createTestDatabase(engine, { isEmpty: isFresh })
      if (isFresh) {
        await seedDemoBusiness(t.db, t.storage, { now })
        await seedDemoComplaints(t.db, t.storage, {
          now,
          log: { warn: (_fields, message) => warnings.push(message) },
        })
      }
    })
    afterAll(() => t.destroy())

    const complaints = () =>
      t.db.selectFrom('complaint').selectAll().orderBy('id').execute()

    it('files each complaint about its own seeded 工程建设 project, 2–10 days after the announcement it objects to', async () => {
      const rows = await complaints()
      expect(rows).toHaveLength(3)
      expect(warnings).toEqual([])
      expect(new Set(rows.map((c) => c.projectId)).size).toBe(3)
      for (const c of rows) {
        const project = await t.db
          .selectFrom('project')
          .selectAll()
          .where('id', '=', Number(c.projectId))
          .executeTakeFirstOrThrow()
        expect(project.category).toBe(COMPLAINT_PROJECT_CATEGORY)
        expect([c.projectName, c.projectCode]).toEqual([
          project.name,
          project.code,
        ])
        const anchor = await t.db
          .selectFrom('projectAnnouncement')
          .select('publishTime')
          .where('projectId', '=', project.id)
          .where('stage', '=', ANCHOR[c.complaintType]!)
          .executeTakeFirstOrThrow()
        expect(c.submittedAt > anchor.publishTime).toBe(true)
        const days = daysBetween(anchor.publishTime, c.submittedAt)
        expect(days).toBeGreaterThanOrEqual(2)
        expect(days).toBeLessThanOrEqual(10)
        const objection = await t.db
          .selectFrom('complaintObjection')
          .select('objectionDate')
          .where('complaintId', '=', c.id)
          .executeTakeFirstOrThrow()
        expect(objection.objectionDate >= anchor.publishTime.slice(0, 10)).toBe(
          true,
        )
        expect(objection.objectionDate <= c.submittedAt.slice(0, 10)).toBe(true)
        const respondents = await t.db
          .selectFrom('complaintRespondent')
          .select(['role', 'name'])
          .where('complaintId', '=', c.id)
          .execute()
        expect(respondents).toContainEqual({
          role: 'tenderer',
          name: project.tenderer,
        })
        for (const r of respondents.filter((r) => r.role === 'agency'))
          expect(r.name).toBe(project.agency)
        // A place in the complaint is the project's own prefecture, never another one.
        const own = PREFECTURES.find((p) => project.location.startsWith(p.name))
        for (const pref of PREFECTURES.filter((p) => p !== own))
          expect(c.factsHtml).not.toContain(pref.name)
        if (c.complaintType === 'bid_documents' && own)
          expect(c.factsHtml).toContain(own.name)
      }
    })

    it('handles every complaint before the seeding day, within its statutory deadlines', async () => {
      const events = await t.db
        .selectFrom('complaintEvent')
        .select('occurredAt')
        .execute()
      expect(events.length).toBeGreaterThanOrEqual(3 * 5)
      for (const event of events) expect(event.occurredAt < nowText).toBe(true)
      const feedback = await t.db
        .selectFrom('complaintFeedback')
        .select(['createdAt', 'repliedAt'])
        .execute()
      expect(feedback).toHaveLength(3)
      for (const message of feedback)
        expect(message.repliedAt! < nowText).toBe(true)
      for (const c of await complaints()) {
        expect(c.acceptedAt!.slice(0, 10) <= c.acceptanceDueDate!).toBe(true)
        expect(c.decidedAt!.slice(0, 10) <= c.decisionDueDate!).toBe(true)
        expect(c.publishedAt! < nowText).toBe(true)
      }
    })

    it('publishes the three results with their conclusions', async () => {
      const page = await findPublishedComplaintPage(t.db, {
        pageNo: 1,
        pageSize: 10,
      })
      expect(page.Total).toBe(3)
      expect(page.Table.map((c) => c.conclusionLabel).sort()).toEqual(
        ['部分属实', '属实', '不属实'].sort(),
      )
    })

    it('leaves no notice in the outbox for a first start to text to made-up numbers', async () => {
      const outbox = await t.db
        .selectFrom('smsOutbox')
        .select(['state', 'text'])
        .execute()
      expect(outbox.length).toBeGreaterThan(3)
      expect(outbox.every((m) => m.state === 'sent' && m.text === null)).toBe(
        true,
      )
    })

    it('seeds no complaint where complaints exist', async () => {
      expect(await seedDemoComplaints(t.db, t.storage, { now })).toBe(0)
      expect(await complaints()).toHaveLength(3)
    })
  })
})
