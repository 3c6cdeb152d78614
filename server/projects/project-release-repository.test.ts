import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'

import {
  findProjectReleaseLog,
  findReleaseTimeSpan,
  logReleaseChanges,
  pageReleaseLog,
  type ReleaseLogEntry,
} from './project-release-repository.ts'

describe.each(testEngines)(
  'the release log of the demo content on %s',
  (engine) => {
    let t: TestDatabase
    beforeAll(async () => {
      t = await createTestDatabase(engine)
    })
    afterAll(() => t?.destroy())

    const compare = (a: ReleaseLogEntry, b: ReleaseLogEntry) =>
      a.date.localeCompare(b.date) || a.seq - b.seq

    it('holds the publication of every announcement the demo content published, oldest first', async () => {
      const all = await pageReleaseLog(t.db, { limit: 100_000 })
      const { n } = (
        await sql<{
          n: string | number
        }>`select count(*) as n from project_announcement`.execute(t.db)
      ).rows[0]!
      expect(all.filter((e) => e.change === 'publication')).toHaveLength(
        Number(n),
      )
      expect(all).toEqual([...all].sort(compare))
      const first = all[0]!
      expect(first.subject.announcement!.id).toBe(first.refId)
      expect(first.subject.announcement!.publishTime).toBe(first.date)
      expect(first.subject.project.id).toBe(
        first.subject.announcement!.projectId,
      )
    })

    it('walks the same changes page by page, by position as by number, and from a time on', async () => {
      const all = await pageReleaseLog(t.db, { limit: 100_000 })
      const byPosition: ReleaseLogEntry[] = []
      const byNumber: ReleaseLogEntry[] = []
      for (let after: ReleaseLogEntry | undefined, page = 0; ; page++) {
        const [next, numbered] = await Promise.all([
          pageReleaseLog(t.db, { after, limit: 7 }),
          pageReleaseLog(t.db, { offset: page * 7, limit: 7 }),
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
      const since = await pageReleaseLog(t.db, {
        since: middle.date,
        limit: 100_000,
      })
      expect(since).toEqual(all.filter((e) => e.date >= middle.date))
      const year = middle.date.slice(0, 4)
      const ofYear = await pageReleaseLog(t.db, {
        since: `${year}-01-01 00:00:00`,
        until: `${Number(year) + 1}-01-01 00:00:00`,
        limit: 100_000,
      })
      expect(ofYear).toEqual(all.filter((e) => e.date.startsWith(year)))
      expect(await findReleaseTimeSpan(t.db)).toEqual({
        first: all[0]!.date,
        last: all.at(-1)!.date,
      })
    })

    it('keeps each logged change as its rows then stood, and numbers two of one kind in one second', async () => {
      const [entry] = await pageReleaseLog(t.db, { limit: 1 })
      const id = entry!.refId
      const date = '2030-01-01 09:00:00'
      for (const title of ['第一次改', '第二次改'])
        await t.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('projectAnnouncement')
            .set({ title })
            .where('id', '=', id)
            .execute()
          await logReleaseChanges(trx, [{ change: 'update', refId: id, date }])
        })
      const logged = (
        await findProjectReleaseLog(t.db, entry!.subject.project.code)
      ).filter((e) => e.refId === id)
      expect(
        logged.map((e) => [e.change, e.ordinal, e.subject.announcement!.title]),
      ).toEqual([
        ['publication', 1, entry!.subject.announcement!.title],
        ['update', 1, '第一次改'],
        ['update', 2, '第二次改'],
      ])
    })

    it('logs nothing for an announcement or project no longer there, and fails nothing', async () => {
      const before = await pageReleaseLog(t.db, { limit: 100_000 })
      await logReleaseChanges(t.db, [
        { change: 'withdrawal', refId: 987_654, date: '2030-01-02 09:00:00' },
        {
          change: 'projectWithdrawal',
          refId: 987_654,
          date: '2030-01-02 09:00:00',
        },
      ])
      expect(await pageReleaseLog(t.db, { limit: 100_000 })).toEqual(before)
    })
  },
)
