// Each mirrors its repository's query: the same tables, filters, order, LIMIT/OFFSET and count,
// and for search the same FTS5 MATCH expressions (built by the portal's own term parser).
// baseline-queries.test.ts checks that both find the same rows.
import type Database from 'better-sqlite3'

import {
  type ArticleListParams,
  articleDetail,
  articlePage,
} from './baseline-article-queries.ts'
import {
  type ProjectListParams,
  projectPage,
} from './baseline-project-queries.ts'
import { type SearchParams, searchPage } from './baseline-search-queries.ts'
import { preparedCache } from './prepared-cache.ts'

type Db = Database.Database

export function createBaselineQueries(db: Db) {
  const prepare = preparedCache(db)
  return {
    articlePage: (params: ArticleListParams) => articlePage(prepare, params),
    articleDetail: (id: number) => articleDetail(prepare, id),
    projectPage: (params: ProjectListParams) => projectPage(prepare, params),
    searchPage: (params: SearchParams) => searchPage(prepare, params),
  }
}
