import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'

import {
  findReleaseTimeSpan,
  pageReleaseEvents,
  RELEASE_CHANGES,
  type ReleaseEventKey,
} from './project-release-repository.ts'

describe.each(testEngines)(
  'the release changes of the demo content on %s',
  (engine) => {
    let t: TestDatabase
    beforeAll(async () => {
      t = await createTestDatabase(engine)
      // Some announcements corrected and withdrawn, some at the very time of another change, and
      // a project withdrawn: every kind of change, ties included.
      await sql`update project_announcement set corrected_at = publish_time, correction_note = '更正' where id % 9 = 0`.execute(
        t.db,
      )
      await sql`update project_announcement set withdrawn_at = publish_time, withdrawal_reason = '撤回' where id % 13 = 0`.execute(
        t.db,
      )
      await sql`update project set withdrawn_at = publish_time, withdrawal_reason = '暂缓' where id = (select min(id) from project)`.execute(
        t.db,
      )
    })
    afterAll(() => t?.destroy())

    const compare = (a: ReleaseEventKey, b: ReleaseEventKey) =>
      a.date.localeCompare(b.date) || a.kind - b.kind || a.refId - b.refId

    it('lists every change once, by time, then kind, then id', async () => {
      const all = await pageReleaseEvents(t.db, { limit: 100_000 })
      const [announcements, corrected, withdrawn] = await Promise.all(
        [
          sql<{
            n: string | number
          }>`select count(*) as n from project_announcement`,
          sql<{
            n: string | number
          }>`select count(*) as n from project_announcement where corrected_at is not null`,
          sql<{
            n: string | number
          }>`select count(*) as n from project_announcement where withdrawn_at is not null`,
        ].map(async (query) => Number((await query.execute(t.db)).rows[0]!.n)),
      )
      expect(all).toHaveLength(announcements! + corrected! + withdrawn! + 1)
      expect(all).toEqual([...all].sort(compare))
      expect(new Set(all.map((k) => `${k.kind}:${k.refId}`)).size).toBe(
        all.length,
      )
      expect(
        all.filter((k) => k.kind === RELEASE_CHANGES.projectWithdrawal),
      ).toHaveLength(1)
      // A correction at the very time of its publication comes right after it.
      const tie = all.findIndex((k) => k.kind === RELEASE_CHANGES.correction)
      expect(all[tie - 1]).toMatchObject({
        kind: RELEASE_CHANGES.publication,
        refId: all[tie]!.refId,
        date: all[tie]!.date,
      })
    })

    it('walks the same changes page by page, by position as by number, and from a time on', async () => {
      const all = await pageReleaseEvents(t.db, { limit: 100_000 })
      const byPosition: ReleaseEventKey[] = []
      const byNumber: ReleaseEventKey[] = []
      for (let after: ReleaseEventKey | undefined, page = 0; ; page++) {
        const [next, numbered] = await Promise.all([
          pageReleaseEvents(t.db, { after, limit: 7 }),
          pageReleaseEvents(t.db, { offset: page * 7, limit: 7 }),
        ])
        expect(numbered).toEqual(next)
        if (next.length === 0) break
        byPosition.push(...next)
        byNumber.push(...numbered)
        after = next.at(-1)
      }
      expect(byPosition).toEqual(all)
      expect(byNumber).toEqual(all)

      const middle = all[Math.floor(all.length / 2)]!
      const since = await pageReleaseEvents(t.db, {
        since: middle.date,
        limit: 100_000,
      })
      expect(since).toEqual(all.filter((k) => k.date >= middle.date))
      const year = middle.date.slice(0, 4)
      const ofYear = await pageReleaseEvents(t.db, {
        since: `${year}-01-01 00:00:00`,
        until: `${Number(year) + 1}-01-01 00:00:00`,
        limit: 100_000,
      })
      expect(ofYear).toEqual(all.filter((k) => k.date.startsWith(year)))
      expect(await findReleaseTimeSpan(t.db)).toEqual({
        first: all[0]!.date,
        last: all.at(-1)!.date,
      })
    })
  },
)
