import { sql, type Kysely, type RawBuilder } from 'kysely'

import { databaseEngine } from '#server/db/database-engine.ts'
import { type Database, type NewSearchDocument } from '#server/db/schema.ts'
import {
  ftsQueryExpression,
  ftsTermExpression,
  tsQueryExpression,
  tsTermExpression,
} from './search-expression.ts'
import { type QueryTerm } from './search-terms.ts'

export type SearchRef = { type: string; refId: number }

// 12 columns × 500 rows stays under both engines' bound-parameter limits.
const BATCH = 500

/** Inserts or replaces index entries by (type, refId); the FTS index follows on both engines. */
export async function upsertSearchDocuments(
  db: Kysely<Database>,
  rows: NewSearchDocument[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('searchDocument')
      .values(rows.slice(i, i + BATCH))
      .onConflict((oc) =>
        oc.columns(['type', 'refId']).doUpdateSet((eb) => ({
          projectId: eb.ref('excluded.projectId'),
          stage: eb.ref('excluded.stage'),
          categoryId: eb.ref('excluded.categoryId'),
          subTypeName: eb.ref('excluded.subTypeName'),
          title: eb.ref('excluded.title'),
          body: eb.ref('excluded.body'),
          publishTime: eb.ref('excluded.publishTime'),
          titleTerms: eb.ref('excluded.titleTerms'),
          bodyTerms: eb.ref('excluded.bodyTerms'),
        })),
      )
      .execute()
  }
}

export async function deleteSearchDocuments(
  db: Kysely<Database>,
  refs: SearchRef[],
): Promise<void> {
  for (let i = 0; i < refs.length; i += BATCH) {
    const batch = refs.slice(i, i + BATCH)
    await db
      .deleteFrom('searchDocument')
      .where((eb) =>
        eb.or(
          batch.map((ref) =>
            eb.and([eb('type', '=', ref.type), eb('refId', '=', ref.refId)]),
          ),
        ),
      )
      .execute()
  }
}

export async function deleteAllSearchDocuments(
  db: Kysely<Database>,
): Promise<void> {
  await db.deleteFrom('searchDocument').execute()
}

export async function countSearchDocuments(
  db: Kysely<Database>,
): Promise<number> {
  const row = await db
    .selectFrom('searchDocument')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

export type SearchPageFilter = {
  terms: QueryTerm[]
  type?: string
  /** Inclusive bounds, 'YYYY-MM-DD HH:mm:ss' Asia/Shanghai like the stored column. */
  startTime?: string
  endTime?: string
  limit: number
  offset: number
}

/**
 * Where each engine matches: every term in the title or the body. The expressions are bound
 * parameters built by search-expression.ts from quoted terms.
 */
function matches(isPostgres: boolean, terms: QueryTerm[]): RawBuilder<boolean> {
  return isPostgres
    ? sql<boolean>`d.search_vector @@ to_tsquery('simple', ${tsQueryExpression(terms)})`
    : sql<boolean>`d.id in (select rowid from search_fts where search_fts match ${ftsQueryExpression(terms)})`
}

/**
 * Relevance: how many of the terms the title holds. One integer, computed alike on both
 * engines, so a title match ranks above a body-only match and ties go to the newer document
 * (the caller's order), with the same results on SQLite and PostgreSQL.
 */
function relevance(
  isPostgres: boolean,
  terms: QueryTerm[],
): RawBuilder<number> {
  const parts = terms.map((term) =>
    isPostgres
      ? sql`(d.title_vector @@ to_tsquery('simple', ${tsTermExpression(term)}))::int`
      : sql`(d.id in (select rowid from search_fts where search_fts match ${ftsTermExpression(term, 'title_terms')}))`,
  )
  return sql<number>`(${sql.join(parts, sql` + `)})`
}

/** One page of matches, best first, and the total: two statements. `terms` must not be empty. */
export async function findSearchPage(
  db: Kysely<Database>,
  filter: SearchPageFilter,
) {
  const isPostgres = databaseEngine(db) === 'postgres'
  let query = db
    .selectFrom('searchDocument as d')
    .where(matches(isPostgres, filter.terms))
  if (filter.type) query = query.where('d.type', '=', filter.type)
  if (filter.startTime)
    query = query.where('d.publishTime', '>=', filter.startTime)
  if (filter.endTime) query = query.where('d.publishTime', '<=', filter.endTime)

  const [countRow, rows] = await Promise.all([
    query
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
    query
      .select([
        'd.id',
        'd.type',
        'd.refId',
        'd.projectId',
        'd.stage',
        'd.categoryId',
        'd.subTypeName',
        'd.title',
        'd.body',
        'd.publishTime',
        relevance(isPostgres, filter.terms).as('relevance'),
      ])
      .orderBy('relevance', 'desc')
      .orderBy('d.publishTime', 'desc')
      .orderBy('d.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
  ])
  return { rows, total: Number(countRow.total) }
}
