import type { Kysely } from 'kysely'

import {
  cutSearchKeyword,
  SEARCH_RESULTS_MAX,
  SEARCH_TYPES,
  type SearchType,
} from '#common/constants/search.ts'
import type { SearchPage, SearchPageQuery } from '#common/schemas/search.ts'
import { databaseEngine } from '#server/db/database-engine.ts'
import type { Database } from '#server/db/schema.ts'
import { highlightTitle, snippetOf } from './search-highlight.ts'
import {
  findHoldingTermsPostgres,
  findNewestMatchesPostgres,
} from './search-postgres-repository.ts'
import {
  findRefIds,
  findSearchDocuments,
  type SearchMatch,
  type SearchMatchFilter,
} from './search-repository.ts'
import {
  findHoldingTermsSqlite,
  findNewestMatchesSqlite,
} from './search-sqlite-repository.ts'
import { parseSearchQuery } from './search-terms.ts'

const TYPE_NAMES = Object.fromEntries(
  SEARCH_TYPES.map((t) => [t.key, t.label]),
) as Record<SearchType, string>

// SQLite skips the title-term counts for `rank: false`; PostgreSQL counts them in the same
// statement, at no cost worth saving.
function findNewestMatches(
  db: Kysely<Database>,
  filter: SearchMatchFilter,
  limit: number,
  { rank = true } = {},
): Promise<SearchMatch[]> {
  return databaseEngine(db) === 'postgres'
    ? findNewestMatchesPostgres(db, filter, limit)
    : findNewestMatchesSqlite(db, filter, limit, { rank })
}

// One more than SEARCH_RESULTS_MAX tells whether there are more.
async function findResults(
  db: Kysely<Database>,
  filter: SearchMatchFilter,
): Promise<{ results: SearchMatch[]; totalCapped: boolean }> {
  const newest = await findNewestMatches(db, filter, SEARCH_RESULTS_MAX + 1)
  const results = newest
    .slice(0, SEARCH_RESULTS_MAX)
    // Stable: newest first stays the order among equal titles.
    .sort((a, b) => b.titleTerms - a.titleTerms)
  return { results, totalCapped: newest.length > SEARCH_RESULTS_MAX }
}

export async function findNewestMatchingRefs(
  db: Kysely<Database>,
  filter: {
    keyword: string
    categoryIds?: readonly number[]
    startTime?: string
    endTime?: string
  },
  limit: number,
): Promise<number[]> {
  const terms = parseSearchQuery(cutSearchKeyword(filter.keyword))
  if (terms.length === 0) return []
  const matches = await findNewestMatches(
    db,
    {
      terms,
      categoryIds: filter.categoryIds,
      startTime: filter.startTime,
      endTime: filter.endTime,
    },
    limit,
    { rank: false },
  )
  return findRefIds(
    db,
    matches.map((match) => match.id),
  )
}

// For the saved searches' alerts, which ask this of the few entries just published.
export async function findEntriesHoldingKeyword(
  db: Kysely<Database>,
  keyword: string,
  ids: readonly number[],
): Promise<Set<number>> {
  const terms = parseSearchQuery(cutSearchKeyword(keyword))
  if (terms.length === 0 || ids.length === 0) return new Set()
  const found = await (databaseEngine(db) === 'postgres'
    ? findHoldingTermsPostgres(db, terms, [...ids])
    : findHoldingTermsSqlite(db, terms, [...ids]))
  return new Set(found)
}

// A query with nothing searchable finds nothing rather than everything; the page explains it.
export async function searchPageList(
  db: Kysely<Database>,
  query: SearchPageQuery,
): Promise<SearchPage> {
  // Cut here too: an in-process caller does not pass through the route's schema.
  const terms = parseSearchQuery(cutSearchKeyword(query.keyword))
  if (terms.length === 0) return { Table: [], Total: 0, totalCapped: false }
  const { results, totalCapped } = await findResults(db, {
    terms,
    type: query.type,
    startTime: query.startTime,
    endTime: query.endTime,
  })
  const offset = (query.pageNo - 1) * query.pageSize
  const page = results.slice(offset, offset + query.pageSize)
  const rows = await findSearchDocuments(
    db,
    page.map((result) => result.id),
  )
  const Table = rows.map((row) => {
    const type = row.type as SearchType
    return {
      type,
      typeName: TYPE_NAMES[type] ?? '',
      refId: row.refId,
      projectId: row.projectId,
      stage: row.stage,
      categoryId: row.categoryId,
      subTypeName: row.subTypeName,
      title: row.title,
      titleHtml: highlightTitle(row.title, terms),
      snippetHtml: snippetOf(row.body, terms),
      publishTime: row.publishTime,
    }
  })
  return { Table, Total: results.length, totalCapped }
}
