import { type Kysely, type RawBuilder, sql } from 'kysely'

import { databaseEngine } from '#server/db/database-engine.ts'
import type { Database } from '#server/db/schema.ts'

// The rows 监督统计 is counted from (supervision-statistics.ts), each grouped in SQL by the quarter
// of its project's first publication and the project's trading category. Withdrawn projects
// (and withdrawn announcements) are no longer public and count nowhere. Times are stored as
// Asia/Shanghai text (YYYY-MM-DD HH:mm:ss), so the quarter is read from the text, the same on
// SQLite and PostgreSQL.

const year = sql<number>`cast(substr(${sql.ref('p.publishTime')}, 1, 4) as integer)`
const quarter = sql<number>`(cast(substr(${sql.ref('p.publishTime')}, 6, 2) as integer) + 2) / 3`

export type QuarterKey = { year: number; quarter: number; category: number }

const keyOf = (row: {
  year: number | string
  quarter: number | string
  category: number | string
}): QuarterKey => ({
  year: Number(row.year),
  quarter: Number(row.quarter),
  category: Number(row.category),
})

export async function countPublishedProjects(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('project as p')
    .where('p.withdrawnAt', 'is', null)
    .select((eb) => [
      year.as('year'),
      quarter.as('quarter'),
      'p.category',
      eb.fn.countAll<number | string>().as('n'),
    ])
    .groupBy([year, quarter, 'p.category'])
    .execute()
  return rows.map((row) => ({ ...keyOf(row), projects: Number(row.n) }))
}

/** Warnings by code and state, with the 联动监管 items they opened and how many are public. */
export async function countWarnings(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('supervisionWarning as w')
    .innerJoin('project as p', 'p.id', 'w.projectId')
    .leftJoin('contentItem as c', 'c.id', 'w.linkageItemId')
    .where('p.withdrawnAt', 'is', null)
    .select((eb) => [
      year.as('year'),
      quarter.as('quarter'),
      'p.category',
      'w.code',
      'w.state',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.count<number | string>('w.linkageItemId').as('linked'),
      sql<
        number | string
      >`sum(case when ${sql.ref('c.itemState')} = 'published' then 1 else 0 end)`.as(
        'published',
      ),
    ])
    .groupBy([year, quarter, 'p.category', 'w.code', 'w.state'])
    .execute()
  return rows.map((row) => ({
    ...keyOf(row),
    code: row.code,
    state: row.state,
    count: Number(row.n),
    linked: Number(row.linked),
    published: Number(row.published ?? 0),
  }))
}

// The facts are read in SQL as text, not parsed: at 10,000 tenders the 开标记录 alone are 13 MB
// of JSON, and carrying them out of the database took 150 ms of a 200 ms count. They are
// written by JSON.stringify (announcement-kind.ts): compact, and any quotation mark inside a
// value escaped, so `"key":"` is found only where that key is, whatever the keys' order, and
// text that is not its stage's facts matches nothing.
function position(
  db: Kysely<Database>,
  text: RawBuilder<unknown>,
  part: string,
) {
  return databaseEngine(db) === 'postgres'
    ? sql<number>`strpos(${text}, ${part})`
    : sql<number>`instr(${text}, ${part})`
}

const facts = sql`${sql.ref('a.facts')}`

function publicFacts(db: Kysely<Database>, stage: 'bidNotice' | 'bidOpening') {
  return db
    .selectFrom('projectAnnouncement as a')
    .innerJoin('project as p', 'p.id', 'a.projectId')
    .where('p.withdrawnAt', 'is', null)
    .where('a.withdrawnAt', 'is', null)
    .where('a.stage', '=', stage)
    .where('a.facts', 'is not', null)
    .where(position(db, facts, `"stage":"${stage}"`), '>', 0)
}

/** The day a 招标公告's documents were first issued and its bid deadline, as their text. */
export async function findTenderPeriods(db: Kysely<Database>) {
  const after = (key: string) => {
    const at = position(db, facts, `"${key}":"`)
    return sql<
      string | null
    >`case when ${at} > 0 then substr(${facts}, ${at} + ${sql.lit(key.length + 4)}, 10) end`
  }
  const rows = await publicFacts(db, 'bidNotice')
    .where(position(db, facts, '"noticeType":"招标公告"'), '>', 0)
    .select([
      year.as('year'),
      quarter.as('quarter'),
      'p.category',
      after('documentsFrom').as('documentsFrom'),
      after('bidDeadline').as('bidDeadline'),
    ])
    .execute()
  return rows.map((row) => ({
    ...keyOf(row),
    documentsFrom: row.documentsFrom,
    bidDeadline: row.bidDeadline,
  }))
}

/** The 开标记录 and the bids opened at them (a bid refused at the opening is `"opened":false`). */
export async function countOpenedBids(db: Kysely<Database>) {
  const opened = '"opened":true'
  const rows = await publicFacts(db, 'bidOpening')
    .select((eb) => [
      year.as('year'),
      quarter.as('quarter'),
      'p.category',
      eb.fn.countAll<number | string>().as('openings'),
      sql<
        number | string
      >`sum((length(${facts}) - length(replace(${facts}, ${opened}, ''))) / ${opened.length})`.as(
        'bids',
      ),
    ])
    .groupBy([year, quarter, 'p.category'])
    .execute()
  return rows.map((row) => ({
    ...keyOf(row),
    openings: Number(row.openings),
    bids: Number(row.bids),
  }))
}

/**
 * What changes the warnings without a publication (staff verify or dismiss one, a verification
 * opens a 联动监管 record): one cheap read that says whether counted figures still hold. The sum
 * weighs each warning's id by its state, so that two warnings trading states within the same
 * second still change it.
 */
export async function warningsFingerprint(
  db: Kysely<Database>,
): Promise<string> {
  const row = await db
    .selectFrom('supervisionWarning')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.count<number | string>('linkageItemId').as('linked'),
      eb.fn.max('updatedAt').as('latest'),
      sql<
        number | string | null
      >`sum(${sql.ref('id')} * case ${sql.ref('state')} when 'verified' then 1 when 'dismissed' then 2 when 'cleared' then 3 else 0 end)`.as(
        'states',
      ),
    ])
    .executeTakeFirstOrThrow()
  return [row.n, row.linked, row.latest ?? '', row.states ?? 0]
    .map(String)
    .join('/')
}
