import { ARTICLE_CATEGORY_IDS } from '#common/constants/articles.ts'
import {
  cutSearchKeyword,
  SEARCH_RESULTS_MAX,
} from '#common/constants/search.ts'
import { ftsQueryExpression } from '#server/search/search-expression.ts'
import { secondsOf } from '#server/search/search-sqlite-repository.ts'
import { parseSearchQuery } from '#server/search/search-terms.ts'

import { ID_MASK, SECOND } from './baseline-search-queries.ts'
import { type Prepare } from './prepared-cache.ts'

type Value = string | number

export type ArticleListParams = {
  ctype?: string
  keyword?: string
  startTime?: string
  endTime?: string
  pageNo: number
  pageSize: number
}

type ArticleSummary = {
  id: number
  title: string
  summary: string
  source: string
  categoryId: number
  publishTime: string
}

const ARTICLE_SUMMARIES = `select article.id, article.title, article.summary, article.source,
    article.category_id as categoryId, article.publish_time as publishTime,
    cover.id as coverId, cover.name as coverName,
    exists (select article_file.file_id from article_file
      where article_file.article_id = article.id) as hasAttachment
  from article left join file as cover on cover.id = article.cover_file_id`

export function articlePage(prepare: Prepare, params: ArticleListParams) {
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

// The portal counts the view in memory and writes the counts once a second; the baseline does
// not count.
export function articleDetail(prepare: Prepare, id: number) {
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
