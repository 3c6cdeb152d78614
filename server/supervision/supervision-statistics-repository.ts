import { type Kysely, sql } from 'kysely'

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

/**
 * The tenders' figures (tender_figure, kept from their facts with their warnings): the sum and
 * number of tender periods and of the bids opened at openings, per quarter and category.
 */
export async function countTenderFigures(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('tenderFigure as f')
    .innerJoin('project as p', 'p.id', 'f.projectId')
    .where('p.withdrawnAt', 'is', null)
    .select((eb) => [
      year.as('year'),
      quarter.as('quarter'),
      'p.category',
      eb.fn.sum<number | string | null>('f.tenderDays').as('daysSum'),
      eb.fn.count<number | string>('f.tenderDays').as('days'),
      eb.fn.sum<number | string | null>('f.openedBids').as('bidsSum'),
      eb.fn.count<number | string>('f.openedBids').as('openings'),
    ])
    .groupBy([year, quarter, 'p.category'])
    .execute()
  return rows.map((row) => ({
    ...keyOf(row),
    daysSum: Number(row.daysSum ?? 0),
    days: Number(row.days),
    bids: Number(row.bidsSum ?? 0),
    openings: Number(row.openings),
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
