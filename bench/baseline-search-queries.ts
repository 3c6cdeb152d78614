import {
  SEARCH_RESULTS_MAX,
  cutSearchKeyword,
} from '#common/constants/search.ts'
import {
  ftsQueryExpression,
  ftsTermExpression,
} from '#server/search/search-expression.ts'
import { parseSearchQuery } from '#server/search/search-terms.ts'

import { type Prepare } from './prepared-cache.ts'

export type SearchParams = { keyword: string; pageNo: number; pageSize: number }

type SearchRow = {
  id: number
  title: string
  body: string
  publishTime: string
}

// The FTS5 rowid is `unixepoch(publish_time) * 2^31 + id` (migration 0019): the index hands a
// keyword's entries newest first; the low 31 bits are the entry's id.
export const ID_MASK = '2147483647'
export const SECOND = '2147483648'

export function searchPage(prepare: Prepare, params: SearchParams) {
  const terms = parseSearchQuery(cutSearchKeyword(params.keyword))
  if (terms.length === 0) return { rows: [], total: 0 }
  const match = ftsQueryExpression(terms)
  const newest = prepare(
    `select rowid & ${ID_MASK} as id from search_fts
    where search_fts match ? order by rowid desc limit ?`,
  )
    .pluck()
    .all(match, SEARCH_RESULTS_MAX + 1) as number[]
  const titleTerms = new Map<number, number>()
  if (newest.length > 0) {
    const keyOf = `(select unixepoch(publish_time) * ${SECOND} + id
      from search_document where id = ?)`
    const inTitle = prepare(
      `select rowid & ${ID_MASK} as id from search_fts
      where search_fts match ? and rowid between ${keyOf} and ${keyOf}`,
    ).pluck()
    for (const term of terms) {
      const hits = inTitle.all(
        `${match} AND ${ftsTermExpression(term, 'title_terms')}`,
        newest.at(-1)!,
        newest[0]!,
      ) as number[]
      for (const id of hits) titleTerms.set(id, (titleTerms.get(id) ?? 0) + 1)
    }
  }
  const results = newest
    .slice(0, SEARCH_RESULTS_MAX)
    .sort((a, b) => (titleTerms.get(b) ?? 0) - (titleTerms.get(a) ?? 0))
  const offset = (params.pageNo - 1) * params.pageSize
  const pageIds = results.slice(offset, offset + params.pageSize)
  if (pageIds.length === 0) return { rows: [], total: results.length }
  const byId = new Map(
    (
      prepare(
        `select id, type, ref_id as refId, project_id as projectId, stage,
          category_id as categoryId, sub_type_name as subTypeName, title, body,
          publish_time as publishTime
        from search_document where id in (${pageIds.map(() => '?').join(', ')})`,
      ).all(...pageIds) as SearchRow[]
    ).map((row) => [row.id, row]),
  )
  const rows = pageIds.flatMap((id) => byId.get(id) ?? [])
  return { rows, total: results.length }
}
