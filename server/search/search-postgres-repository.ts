import { sql, type Kysely, type RawBuilder } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import { tsQueryExpression, tsTermExpression } from './search-expression.ts'
import type { SearchMatch, SearchMatchFilter } from './search-repository.ts'
import type { QueryTerm } from './search-terms.ts'

// A GIN index finds a keyword's documents in no useful order: keeping the newest reads tens of
// thousands of rows for a common keyword. Walking the time index stops as soon as enough match,
// cheap for a common keyword and costly for a rare one. So the search walks a first stretch
// and from how many matched decides to walk on or to read the GIN index.

const SAMPLE_ROWS = 256
// A keyword rarer than that reads the GIN index instead.
const WALK_ROWS_MAX = 8192

type Position = { publishTime: string; id: number }

type Query = {
  filter: SearchMatchFilter
  all: string
  each: string[]
}

const tsquery = (text: string) => sql`to_tsquery('simple', ${text})`

function filterConditions(filter: SearchMatchFilter): RawBuilder<unknown>[] {
  const conditions = []
  if (filter.type) conditions.push(sql`d.type = ${filter.type}`)
  if (filter.categoryIds && filter.categoryIds.length > 0)
    conditions.push(
      sql`d.category_id in (${sql.join(filter.categoryIds.map((id) => sql`${id}`))})`,
    )
  if (filter.startTime)
    conditions.push(sql`d.publish_time >= ${filter.startTime}`)
  if (filter.endTime) conditions.push(sql`d.publish_time <= ${filter.endTime}`)
  return conditions
}

const before = (at: Position) =>
  sql`(d.publish_time, d.id) < (${at.publishTime}, ${at.id})`
const from = (at: Position) =>
  sql`(d.publish_time, d.id) >= (${at.publishTime}, ${at.id})`

const where = (conditions: RawBuilder<unknown>[]) =>
  conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``

async function positionAfter(
  db: Kysely<Database>,
  filter: SearchMatchFilter,
  after: Position | null,
  rows: number,
): Promise<Position | null> {
  const conditions = filterConditions(filter)
  if (after) conditions.push(before(after))
  const { rows: found } = await sql<Position>`
    select d.publish_time as "publishTime", d.id from search_document d
    ${where(conditions)}
    order by d.publish_time desc, d.id desc offset ${rows - 1} limit 1`.execute(
    db,
  )
  return found[0] ?? null
}

const titleTerms = (query: Query) =>
  sql<number>`(${sql.join(
    query.each.map((text) => sql`(d.title_vector @@ ${tsquery(text)})::int`),
    sql` + `,
  )})`

// The keyword is checked as a function call, which no index serves, so the planner walks the
// time index.
async function walk(
  db: Kysely<Database>,
  query: Query,
  after: Position | null,
  until: Position | null,
  limit: number,
): Promise<SearchMatch[]> {
  const conditions = filterConditions(query.filter)
  if (after) conditions.push(before(after))
  if (until) conditions.push(from(until))
  conditions.push(sql`ts_match_vq(d.search_vector, ${tsquery(query.all)})`)
  const { rows } = await sql<SearchMatch>`
    select d.id, ${titleTerms(query)} as "titleTerms" from search_document d
    ${where(conditions)}
    order by d.publish_time desc, d.id desc limit ${limit}`.execute(db)
  return rows
}

// The planner may believe the keyword common where the walk found it rare (a phrase, a term of
// past years), so it is told not to walk or scan.
async function readIndex(
  db: Kysely<Database>,
  query: Query,
  limit: number,
): Promise<SearchMatch[]> {
  const conditions = filterConditions(query.filter)
  conditions.push(sql`d.search_vector @@ ${tsquery(query.all)}`)
  const read = async (trx: Kysely<Database>) => {
    await sql`set local enable_seqscan = off`.execute(trx)
    await sql`set local enable_indexscan = off`.execute(trx)
    const { rows } = await sql<SearchMatch>`
      select d.id, ${titleTerms(query)} as "titleTerms" from search_document d
      ${where(conditions)}
      order by d.publish_time desc, d.id desc limit ${limit}`.execute(trx)
    // A caller's own transaction goes on planning as before.
    await sql`set local enable_seqscan to default`.execute(trx)
    await sql`set local enable_indexscan to default`.execute(trx)
    return rows
  }
  return db.isTransaction ? read(db) : db.transaction().execute(read)
}

export async function findNewestMatchesPostgres(
  db: Kysely<Database>,
  filter: SearchMatchFilter,
  limit: number,
): Promise<SearchMatch[]> {
  const query: Query = {
    filter,
    all: tsQueryExpression(filter.terms),
    each: filter.terms.map(tsTermExpression),
  }
  const sampled = await positionAfter(db, filter, null, SAMPLE_ROWS)
  const found = await walk(db, query, null, sampled, limit)
  if (found.length >= limit || !sampled) return found

  // As many rows again as the sample needed per match, and a quarter more for chance.
  const rowsToGo =
    found.length > 0
      ? Math.ceil(
          (((limit - found.length) * SAMPLE_ROWS) / found.length) * 1.25,
        )
      : Infinity
  if (rowsToGo <= WALK_ROWS_MAX - SAMPLE_ROWS) {
    const until = await positionAfter(db, filter, sampled, rowsToGo)
    found.push(...(await walk(db, query, sampled, until, limit - found.length)))
    if (found.length >= limit || !until) return found
  }
  return readIndex(db, query, limit)
}

export async function findHoldingTermsPostgres(
  db: Kysely<Database>,
  terms: QueryTerm[],
  ids: number[],
): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select d.id from search_document d
    where d.id in (${sql.join(ids.map((id) => sql`${id}`))})
    and d.search_vector @@ ${tsquery(tsQueryExpression(terms))}`.execute(db)
  return rows.map((row) => row.id)
}
