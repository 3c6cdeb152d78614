import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  FeedbackPageSchema,
  PublishedComplaintDetailSchema,
  PublishedComplaintPageSchema,
} from '#common/schemas/complaint/complaint-published.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { findPublicFeedback } from './complaint-feedback.ts'
import {
  findPublishedComplaintDetail,
  findPublishedComplaintPage,
} from './published-complaints.ts'

describe.each(testEngines)(
  'published complaints of the seed on %s',
  (engine) => {
    let t: TestDatabase
    beforeAll(async () => {
      t = await createTestDatabase(engine)
    })
    afterAll(() => t.destroy())

    it('lists the seeded decisions newest first with masked complainants', async () => {
      const page = await findPublishedComplaintPage(t.db, {
        pageNo: 1,
        pageSize: 10,
      })
      expect(PublishedComplaintPageSchema.parse(page)).toEqual(page)
      expect(page.Total).toBe(3)
      expect(page.Table.map((c) => c.conclusionLabel).sort()).toEqual(
        ['不属实', '属实', '部分属实'].sort(),
      )
      const published = page.Table.map((c) => c.publishedAt)
      expect(published).toEqual([...published].sort().reverse())
      for (const row of page.Table)
        expect(row.complainantName).toMatch(/^新疆\*+公司$/)
      const opening = page.Table.find((c) => c.conclusionLabel === '不属实')!
      const filtered = await findPublishedComplaintPage(t.db, {
        pageNo: 1,
        pageSize: 10,
        keyword: opening.projectName,
      })
      expect(filtered.Table.map((c) => c.projectName)).toEqual([
        opening.projectName,
      ])
    })

    it('shows a detail without the ID number, contact or address of the complainant', async () => {
      const page = await findPublishedComplaintPage(t.db, {
        pageNo: 1,
        pageSize: 10,
      })
      const summary = page.Table.find((c) => c.conclusionLabel === '部分属实')!
      const detail = await findPublishedComplaintDetail(t.db, summary.id)
      expect(PublishedComplaintDetailSchema.parse(detail)).toEqual(detail)
      const project = await t.db
        .selectFrom('project')
        .select('tenderer')
        .where('name', '=', summary.projectName)
        .executeTakeFirstOrThrow()
      expect(detail?.respondents.map((r) => r.name)).toEqual([
        project.tenderer,
        '本项目评标委员会',
      ])
      const text = JSON.stringify(detail)
      for (const secret of [
        '91652900MA78K5L21Q',
        '13909971234',
        '英巴扎路',
        '孙建军',
      ])
        expect(text).not.toContain(secret)
      expect(await findPublishedComplaintDetail(t.db, 999_999)).toBeNull()
    })

    it('has answered feedback with masked names', async () => {
      const page = await findPublicFeedback(t.db, { pageNo: 1, pageSize: 10 })
      expect(FeedbackPageSchema.parse(page)).toEqual(page)
      expect(page.Total).toBe(3)
      expect(page.Table.every((m) => m.reply && m.name.includes('*'))).toBe(
        true,
      )
    })
  },
)
