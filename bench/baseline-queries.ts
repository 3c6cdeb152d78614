/**
 * The statements the portal runs for each measured page, written out by hand on
 * better-sqlite3 for the baseline server (baseline-server.ts) and for run-bench.ts, which
 * counts each filter's pages before it draws random ones. Each mirrors its repository's query:
 * the same tables, filters, order, LIMIT/OFFSET and count, and for search the same FTS5 MATCH
 * expressions (built by the portal's own term parser, so both ask SQLite the same thing).
 * baseline-queries.test.ts checks that both find the same rows.
 */
import type Database from 'better-sqlite3'

import { ARTICLE_CATEGORY_IDS } from '#common/constants/articles.ts'
import {
  cutSearchKeyword,
  SEARCH_RESULTS_MAX,
} from '#common/constants/search.ts'
import {
  type ProjectSortField,
  type SortOrder,
  TRADE_STAGE_KEYS,
} from '#common/constants/trade.ts'
import {
  ftsQueryExpression,
  ftsTermExpression,
} from '#server/search/search-expression.ts'
import { secondsOf } from '#server/search/search-sqlite-repository.ts'
import { parseSearchQuery } from '#server/search/search-terms.ts'
import { containsPattern } from '#server/shared/like-pattern.ts'

type Db = Database.Database
type Value = string | number

/** A list page's filter as the Portal API takes it (ArticlePageQuery). */
export type ArticleListParams = {
  ctype?: string
  keyword?: string
  startTime?: string
  endTime?: string
  pageNo: number
  pageSize: number
}

/** A project list's filter and order as the Portal API takes them (ProjectPageQuery). */
export type ProjectListParams = {
  sort?: ProjectSortField
  order?: SortOrder
  category?: number
  subType?: number
  stage?: string
  region?: string
  keyword?: string
  startTime?: string
  endTime?: string
  pageNo: number
  pageSize: number
}

export type SearchParams = { keyword: string; pageNo: number; pageSize: number }

/** The project list's sortable columns; a stage sorts in trade order. */
const SORT_COLUMNS: Record<ProjectSortField, string> = {
  publishTime: 'a.publish_time',
  registrationDeadline: 'p.registration_deadline',
  openingTime: 'p.opening_time',
  currentStage: `case p.current_stage ${TRADE_STAGE_KEYS.map((stage, i) => `when '${stage}' then ${i}`).join(' ')} end`,
}

/** A list row of an article (articleSummaries in article-repository.ts). */
type ArticleSummary = {
  id: number
  title: string
  summary: string
  source: string
  categoryId: number
  publishTime: string
}

/** A search result's entry (findSearchDocuments). */
type SearchRow = {
  id: number
  title: string
  body: string
  publishTime: string
}

const ARTICLE_SUMMARIES = `select article.id, article.title, article.summary, article.source,
    article.category_id as categoryId, article.publish_time as publishTime,
    cover.id as coverId, cover.name as coverName,
    exists (select article_file.file_id from article_file
      where article_file.article_id = article.id) as hasAttachment
  from article left join file as cover on cover.id = article.cover_file_id`

/**
 * The search index's FTS5 rowid is `unixepoch(publish_time) * 2^31 + id` (migration 0019):
 * the index hands a keyword's entries newest first; the low 31 bits are the entry's id.
 */
const ID_MASK = '2147483647'
const SECOND = '2147483648'

/** A statement of the baseline's, prepared once per text. */
type Prepare = (text: string) => Database.Statement

/** Statements by their text: each filter shape is prepared once. */
function preparedCache(db: Db): Prepare {
  const cache = new Map<string, Database.Statement>()
  return (text: string) => {
    let statement = cache.get(text)
    if (!statement) {
      statement = db.prepare(text)
      cache.set(text, statement)
    }
    return statement
  }
}

/**
 * findArticlePage: published articles, newest first, and their count; with a keyword, the
 * portal's findKeywordPage.
 */
function articlePage(prepare: Prepare, params: ArticleListParams) {
  const categories = (params.ctype ?? '').split(',').filter(Boolean).map(Number)
  const keyword = params.keyword?.trim()
  if (keyword) return articleKeywordPage(prepare, keyword, params, categories)
  const where = ['article.is_published = 1']
  const values: Value[] = []
  if (categories.length > 0) {
    where.push(
      `article.category_id in (${categories.map(() => '?').join(', ')})`,
    )
    values.push(...categories)
  }
  if (params.startTime) {
    where.push('article.publish_time >= ?')
    values.push(params.startTime)
  }
  if (params.endTime) {
    where.push('article.publish_time <= ?')
    values.push(params.endTime)
  }
  const condition = where.join(' and ')
  const total = (
    prepare(`select count(*) as total from article where ${condition}`).get(
      ...values,
    ) as { total: number }
  ).total
  const rows = prepare(
    `${ARTICLE_SUMMARIES}
    where article.id in (select article.id from article where ${condition}
      order by article.publish_time desc, article.id desc limit ? offset ?)
    order by article.publish_time desc, article.id desc`,
  ).all(
    ...values,
    params.pageSize,
    (params.pageNo - 1) * params.pageSize,
  ) as ArticleSummary[]
  return { rows, total }
}

/**
 * The portal's list filtered by keyword (findKeywordPage): the newest SEARCH_RESULTS_MAX
 * index entries of its categories and time range that hold every keyword, as ids of their
 * articles, and the page's rows of those.
 */
function articleKeywordPage(
  prepare: Prepare,
  keyword: string,
  params: ArticleListParams,
  categories: number[],
) {
  const terms = parseSearchQuery(cutSearchKeyword(keyword))
  if (terms.length === 0) return { rows: [], total: 0 }
  const bounds: string[] = []
  const values: Value[] = [ftsQueryExpression(terms)]
  if (params.startTime) {
    bounds.push(`and rowid >= ? * ${SECOND}`)
    values.push(secondsOf(params.startTime))
  }
  if (params.endTime) {
    bounds.push(`and rowid <= ? * ${SECOND} + ${ID_MASK}`)
    values.push(secondsOf(params.endTime))
  }
  const listCategories =
    categories.length > 0 ? categories : ARTICLE_CATEGORY_IDS
  values.push(...listCategories, SEARCH_RESULTS_MAX + 1)
  const entries = prepare(
    `select rowid & ${ID_MASK} as id from search_fts
    where search_fts match ? ${bounds.join(' ')}
      and exists (select 1 from search_document d
        where d.id = search_fts.rowid & ${ID_MASK}
        and d.category_id in (${listCategories.map(() => '?').join(', ')}))
    order by rowid desc limit ?`,
  )
    .pluck()
    .all(...values) as number[]
  const listed = refIdsOf(prepare, entries.slice(0, SEARCH_RESULTS_MAX))
  const offset = (params.pageNo - 1) * params.pageSize
  const pageIds = listed.slice(offset, offset + params.pageSize)
  const rows =
    pageIds.length === 0
      ? []
      : (prepare(
          `${ARTICLE_SUMMARIES}
          where article.id in (${pageIds.map(() => '?').join(', ')})
            and article.is_published = 1
          order by article.publish_time desc, article.id desc`,
        ).all(...pageIds) as ArticleSummary[])
  return { rows, total: listed.length }
}

/** findRefIds: the index entries' ids in their own tables, in the entries' order. */
function refIdsOf(prepare: Prepare, entries: number[]): number[] {
  if (entries.length === 0) return []
  const refOf = new Map(
    (
      prepare(
        `select id, ref_id as refId from search_document
        where id in (${entries.map(() => '?').join(', ')})`,
      ).all(...entries) as { id: number; refId: number }[]
    ).map((row) => [row.id, row.refId]),
  )
  return entries.flatMap((id) => (refOf.has(id) ? [refOf.get(id)!] : []))
}

/**
 * The portal's article detail: the article with its cover, its files and its neighbours in
 * the category (findArticleDetail). The portal counts the view in memory and writes the
 * counts once a second; the baseline does not count.
 */
function articleDetail(prepare: Prepare, id: number) {
  const article = prepare(
    `select article.id, article.title, article.summary, article.content,
      article.source, article.author, article.views,
      article.category_id as categoryId, article.publish_time as publishTime,
      cover.id as coverId, cover.name as coverName
    from article left join file as cover on cover.id = article.cover_file_id
    where article.id = ? and (article.is_published = 1 or article.withdrawn_at is not null)`,
  ).get(id) as
    | {
        id: number
        title: string
        content: string
        source: string
        author: string
        views: number
        categoryId: number
        publishTime: string
      }
    | undefined
  if (!article) return null
  const files = prepare(
    `select file.id, file.name from article_file
    inner join file on file.id = article_file.file_id
    where article_file.article_id = ? order by article_file.sort`,
  ).all(id) as { id: string; name: string }[]
  const near = [article.categoryId, article.publishTime]
  const prev = prepare(
    `select id, title from article where category_id = ? and is_published = 1
      and (publish_time, id) > (?, ?)
    order by publish_time asc, id asc limit 1`,
  ).get(...near, id) as { id: number; title: string } | undefined
  const next = prepare(
    `select id, title from article where category_id = ? and is_published = 1
      and (publish_time, id) < (?, ?)
    order by publish_time desc, id desc limit 1`,
  ).get(...near, id) as { id: number; title: string } | undefined
  return { article, files, prev, next }
}

/** pageProjects: announcements joined to their project, in the order asked for. */
function projectPage(prepare: Prepare, params: ProjectListParams) {
  const where = ['a.withdrawn_at is null', 'p.withdrawn_at is null']
  const values: Value[] = []
  const add = (condition: string, ...bound: Value[]) => {
    where.push(condition)
    values.push(...bound)
  }
  if (params.stage) add('a.stage = ?', params.stage)
  else add('a.is_latest = 1')
  if (params.category !== undefined) add('p.category = ?', params.category)
  if (params.subType !== undefined) add('p.sub_type = ?', params.subType)
  if (params.region) add('p.region_code = ?', params.region)
  if (params.startTime) add('a.publish_time >= ?', params.startTime)
  if (params.endTime) add('a.publish_time <= ?', params.endTime)
  const keyword = params.keyword?.trim()
  if (keyword) {
    const pattern = containsPattern(keyword)
    add(
      `(p.name like ? escape '\\' or p.code like ? escape '\\'
        or p.tenderer like ? escape '\\' or a.title like ? escape '\\')`,
      pattern,
      pattern,
      pattern,
      pattern,
    )
  }
  const condition = where.join(' and ')
  const from = `from project_announcement as a inner join project as p on p.id = a.project_id
    where ${condition}`
  const total = (
    prepare(`select count(*) as total ${from}`).get(...values) as {
      total: number
    }
  ).total
  const rows = prepare(
    `select p.id, p.code, p.name, p.category, p.sub_type as subType,
      p.region_code as regionCode, p.tenderer, p.amount, p.trade_mode as tradeMode,
      a.stage, a.id as announcementId, a.title, a.publish_time as publishTime,
      p.registration_deadline as registrationDeadline, p.opening_time as openingTime,
      p.current_stage as currentStage
    ${from}
    order by ${SORT_COLUMNS[params.sort ?? 'publishTime']} ${params.order === 'asc' ? 'asc' : 'desc'} nulls last,
      a.publish_time desc, a.id desc
    limit ? offset ?`,
  ).all(...values, params.pageSize, (params.pageNo - 1) * params.pageSize) as {
    id: number
    name: string
    title: string
    publishTime: string
  }[]
  return { rows, total }
}

/**
 * searchPageList (findResults): the newest SEARCH_RESULTS_MAX + 1 entries that hold every
 * term, newest first as the index hands them; then, per term, which of them hold it in the
 * title, over the stretch of keys they span; those with more title terms first, newer first
 * among equals; then the page's entries.
 */
function searchPage(prepare: Prepare, params: SearchParams) {
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

export function createBaselineQueries(db: Db) {
  const prepare = preparedCache(db)
  return {
    articlePage: (params: ArticleListParams) => articlePage(prepare, params),
    articleDetail: (id: number) => articleDetail(prepare, id),
    projectPage: (params: ProjectListParams) => projectPage(prepare, params),
    searchPage: (params: SearchParams) => searchPage(prepare, params),
  }
}
