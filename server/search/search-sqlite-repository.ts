import { sql, type Kysely, type RawBuilder } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import {
  ftsQueryExpression,
  ftsTermExpression,
  ftsTypeExpression,
} from './search-expression.ts'
import type { SearchMatch, SearchMatchFilter } from './search-repository.ts'
import type { QueryTerm } from './search-terms.ts'

// The FTS5 rowid is `unixepoch(publish_time) * 2^31 + id`, so FTS5 hands a keyword's documents
// newest first and stops at the limit, whatever the keyword matches.
const ID_MASK = sql.raw('2147483647')
const SECOND = sql.raw('2147483648')

// As unixepoch() reads the column: as UTC.
export function secondsOf(text: string): number {
  const [year, month, day, hour, minute, second] = text
    .split(/[- :]/)
    .map(Number)
  return (
    Date.UTC(year!, month! - 1, day!, hour ?? 0, minute ?? 0, second ?? 0) /
    1000
  )
}

function timeBounds(filter: SearchMatchFilter): RawBuilder<unknown> {
  const bounds = []
  if (filter.startTime)
    bounds.push(sql`and rowid >= ${secondsOf(filter.startTime)} * ${SECOND}`)
  if (filter.endTime)
    bounds.push(
      sql`and rowid <= ${secondsOf(filter.endTime)} * ${SECOND} + ${ID_MASK}`,
    )
  return sql.join(bounds, sql` `)
}

// Each match is looked up by its id as FTS5 hands it, so the walk still stops at the limit.
function categoryBound(filter: SearchMatchFilter): RawBuilder<unknown> {
  if (!filter.categoryIds || filter.categoryIds.length === 0) return sql``
  return sql`and exists (select 1 from search_document d
    where d.id = search_fts.rowid & ${ID_MASK}
    and d.category_id in (${sql.join(filter.categoryIds.map((id) => sql`${id}`))}))`
}

const keyOf = (id: number) =>
  sql`(select unixepoch(publish_time) * ${SECOND} + id from search_document where id = ${id})`

export async function findNewestMatchesSqlite(
  db: Kysely<Database>,
  filter: SearchMatchFilter,
  limit: number,
  { rank = true } = {},
): Promise<SearchMatch[]> {
  let match = ftsQueryExpression(filter.terms)
  if (filter.type) match += ` AND ${ftsTypeExpression(filter.type)}`
  const { rows } = await sql<{ id: number }>`
    select rowid & ${ID_MASK} as id from search_fts
    where search_fts match ${match} ${timeBounds(filter)} ${categoryBound(filter)}
    order by rowid desc limit ${limit}`.execute(db)
  if (rows.length === 0) return []
  if (!rank) return rows.map(({ id }) => ({ id, titleTerms: 0 }))

  // Which of these hold each term in the title: the same query with the term in the title,
  // over the stretch of keys the matches span (never more rows than the matches).
  const span = sql`and rowid between ${keyOf(rows.at(-1)!.id)} and ${keyOf(rows[0]!.id)}`
  const titleTerms = new Map<number, number>()
  for (const term of filter.terms) {
    const inTitle = `${match} AND ${ftsTermExpression(term, 'title_terms')}`
    const { rows: hits } = await sql<{ id: number }>`
      select rowid & ${ID_MASK} as id from search_fts
      where search_fts match ${inTitle} ${span}`.execute(db)
    for (const { id } of hits) titleTerms.set(id, (titleTerms.get(id) ?? 0) + 1)
  }
  return rows.map(({ id }) => ({ id, titleTerms: titleTerms.get(id) ?? 0 }))
}

// Bounded to their keys, so it reads no more than they are.
export async function findHoldingTermsSqlite(
  db: Kysely<Database>,
  terms: QueryTerm[],
  ids: number[],
): Promise<number[]> {
  const keys = sql`(select unixepoch(publish_time) * ${SECOND} + id
    from search_document where id in (${sql.join(ids.map((id) => sql`${id}`))}))`
  const { rows } = await sql<{ id: number }>`
    select rowid & ${ID_MASK} as id from search_fts
    where search_fts match ${ftsQueryExpression(terms)} and rowid in ${keys}`.execute(
    db,
  )
  return rows.map((row) => row.id)
}
