import { type Kysely } from 'kysely'

import {
  cutSearchKeyword,
  SEARCH_TYPES,
  type SearchType,
} from '#common/constants/search.ts'
import { type PortalPage } from '#common/schemas/paging.ts'
import { type SearchHit, type SearchPageQuery } from '#common/schemas/search.ts'
import { type Database } from '#server/db/schema.ts'
import { highlightTitle, snippetOf } from './search-highlight.ts'
import { findSearchPage } from './search-repository.ts'
import { parseSearchQuery } from './search-terms.ts'

const TYPE_NAMES = Object.fromEntries(
  SEARCH_TYPES.map((t) => [t.key, t.label]),
) as Record<SearchType, string>

/**
 * POST /Search/PageList answered from the index. A query with nothing searchable in it (empty,
 * white space, only punctuation) finds nothing rather than everything; the page explains it.
 */
export async function searchPageList(
  db: Kysely<Database>,
  query: SearchPageQuery,
): Promise<PortalPage<SearchHit>> {
  // Cut here too: an in-process caller does not pass through the route's schema.
  const terms = parseSearchQuery(cutSearchKeyword(query.keyword))
  if (terms.length === 0) return { Table: [], Total: 0 }
  const { rows, total } = await findSearchPage(db, {
    terms,
    type: query.type,
    startTime: query.startTime,
    endTime: query.endTime,
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  })
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
  return { Table, Total: total }
}
