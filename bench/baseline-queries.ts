/**
 * The statements the portal runs for each measured page, written out by hand on
 * better-sqlite3 for the baseline server (baseline-server.ts) and for run-bench.ts, which
 * counts each filter's pages before it draws random ones. Each mirrors its repository's query:
 * the same tables, filters, order, LIMIT/OFFSET and count, and for search the same FTS5 MATCH
 * expressions (built by the portal's own term parser, so both ask SQLite the same thing).
 */
import type Database from 'better-sqlite3'

import { cutSearchKeyword } from '#common/constants/search.ts'
import {
  type ProjectSortField,
  type SortOrder,
  TRADE_STAGE_KEYS,
} from '#common/constants/trade.ts'
import {
  ftsQueryExpression,
  ftsTermExpression,
} from '#server/search/search-expression.ts'
import { toSearchWords } from '#server/search/search-text.ts'
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

/** Statements by their text: each filter shape is prepared once. */
function preparedCache(db: Db) {
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

export function createBaselineQueries(db: Db) {
  const prepare = preparedCache(db)

  /** findArticlePage: published articles, newest first, and their count. */
  function articlePage(params: ArticleListParams) {
    const where = ['article.is_published = 1']
    const values: Value[] = []
    const categories = (params.ctype ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number)
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
    const keyword = params.keyword?.trim()
    if (keyword) {
      where.push(
        "(article.title like ? escape '\\' or article.search_text like ? escape '\\')",
      )
      values.push(
        containsPattern(keyword),
        containsPattern(toSearchWords(keyword) || keyword),
      )
    }
    const condition = where.join(' and ')
    const total = (
      prepare(`select count(*) as total from article where ${condition}`).get(
        ...values,
      ) as { total: number }
    ).total
    const rows = prepare(
      `select article.id, article.title, article.summary, article.source,
        article.category_id as categoryId, article.publish_time as publishTime,
        cover.id as coverId, cover.name as coverName,
        exists (select article_file.file_id from article_file
          where article_file.article_id = article.id) as hasAttachment
      from article left join file as cover on cover.id = article.cover_file_id
      where article.id in (select article.id from article where ${condition}
        order by article.publish_time desc, article.id desc limit ? offset ?)
      order by article.publish_time desc, article.id desc`,
    ).all(
      ...values,
      params.pageSize,
      (params.pageNo - 1) * params.pageSize,
    ) as {
      id: number
      title: string
      summary: string
      source: string
      categoryId: number
      publishTime: string
    }[]
    return { rows, total }
  }

  /**
   * The portal's article detail: the article with its cover, its files and its neighbours in
   * the category (findArticleDetail). The portal counts the view in memory and writes the
   * counts once a second; the baseline does not count.
   */
  function articleDetail(id: number) {
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
  function projectPage(params: ProjectListParams) {
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
    ).all(
      ...values,
      params.pageSize,
      (params.pageNo - 1) * params.pageSize,
    ) as { id: number; name: string; title: string; publishTime: string }[]
    return { rows, total }
  }

  /** findSearchPage: every term in the title or body, title matches first, then newest. */
  function searchPage(params: SearchParams) {
    const terms = parseSearchQuery(cutSearchKeyword(params.keyword))
    if (terms.length === 0) return { rows: [], total: 0 }
    const match = ftsQueryExpression(terms)
    const total = (
      prepare(
        `select count(*) as total from search_document as d
        where d.id in (select rowid from search_fts where search_fts match ?)`,
      ).get(match) as { total: number }
    ).total
    const relevance = terms
      .map(
        () =>
          '(d.id in (select rowid from search_fts where search_fts match ?))',
      )
      .join(' + ')
    const rows = prepare(
      `select d.id, d.type, d.ref_id as refId, d.project_id as projectId, d.stage,
        d.category_id as categoryId, d.sub_type_name as subTypeName, d.title, d.body,
        d.publish_time as publishTime, (${relevance}) as relevance
      from search_document as d
      where d.id in (select rowid from search_fts where search_fts match ?)
      order by relevance desc, d.publish_time desc, d.id desc limit ? offset ?`,
    ).all(
      ...terms.map((term) => ftsTermExpression(term, 'title_terms')),
      match,
      params.pageSize,
      (params.pageNo - 1) * params.pageSize,
    ) as { title: string; body: string; publishTime: string }[]
    return { rows, total }
  }

  return { articlePage, articleDetail, projectPage, searchPage }
}
