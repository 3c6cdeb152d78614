/**
 * The statements the portal runs for each measured page, written out by hand on
 * better-sqlite3 for the baseline server (baseline-server.ts) and for run-bench.ts, which
 * counts each filter's pages before it draws random ones. Each mirrors its repository's query:
 * the same tables, filters, order, LIMIT/OFFSET and count, and for search the same FTS5 MATCH
 * expressions (built by the portal's own term parser, so both ask SQLite the same thing).
 * baseline-queries.test.ts checks that both find the same rows.
 */
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
