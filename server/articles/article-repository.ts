import { sql, type Kysely } from 'kysely'

import {
  type Database,
  type NewArticle,
  type NewArticleFile,
} from '#server/db/schema.ts'
import { containsPattern } from '#server/shared/like-pattern.ts'

export type ArticlePageFilter = {
  categoryIds?: number[]
  /** Matched against the title as typed and against the search words (search-text.ts). */
  keyword?: { raw: string; words: string }
  /** Inclusive bounds, 'YYYY-MM-DD HH:mm:ss' Asia/Shanghai like the stored column. */
  startTime?: string
  endTime?: string
  limit: number
  offset: number
}

function publishedArticles(
  db: Kysely<Database>,
  filter: Omit<ArticlePageFilter, 'limit' | 'offset'>,
) {
  let query = db.selectFrom('article').where('article.isPublished', '=', 1)
  if (filter.categoryIds && filter.categoryIds.length > 0) {
    query = query.where('article.categoryId', 'in', filter.categoryIds)
  }
  if (filter.startTime)
    query = query.where('article.publishTime', '>=', filter.startTime)
  if (filter.endTime)
    query = query.where('article.publishTime', '<=', filter.endTime)
  const { keyword } = filter
  if (keyword) {
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`${eb.ref('article.title')} like ${containsPattern(keyword.raw)} escape '\\'`,
        sql<boolean>`${eb.ref('article.searchText')} like ${containsPattern(keyword.words)} escape '\\'`,
      ]),
    )
  }
  return query
}

/** One page of published articles, newest first, plus the total: two statements, no N+1. */
export async function findArticlePage(
  db: Kysely<Database>,
  filter: ArticlePageFilter,
) {
  const [countRow, rows] = await Promise.all([
    publishedArticles(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
    publishedArticles(db, filter)
      .leftJoin('file as cover', 'cover.id', 'article.coverFileId')
      .select((eb) => [
        'article.id',
        'article.title',
        'article.summary',
        'article.source',
        'article.categoryId',
        'article.publishTime',
        'cover.id as coverId',
        'cover.name as coverName',
        eb
          .exists(
            eb
              .selectFrom('articleFile')
              .select('articleFile.fileId')
              .whereRef('articleFile.articleId', '=', 'article.id'),
          )
          .as('hasAttachment'),
      ])
      .orderBy('article.publishTime', 'desc')
      .orderBy('article.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
  ])
  return { rows, total: Number(countRow.total) }
}

export async function findRotation(
  db: Kysely<Database>,
  options: { categoryIds?: number[]; limit: number },
) {
  let query = db
    .selectFrom('article')
    .innerJoin('file as cover', 'cover.id', 'article.coverFileId')
    .where('article.isRotation', '=', 1)
    .where('article.isPublished', '=', 1)
  if (options.categoryIds && options.categoryIds.length > 0) {
    query = query.where('article.categoryId', 'in', options.categoryIds)
  }
  return query
    .select([
      'article.id',
      'article.title',
      'article.publishTime',
      'cover.id as coverId',
      'cover.name as coverName',
    ])
    .orderBy('article.publishTime', 'desc')
    .orderBy('article.id', 'desc')
    .limit(options.limit)
    .execute()
}

/** Adds one view; false when no published article has that id. */
export async function incrementArticleViews(
  db: Kysely<Database>,
  id: number,
): Promise<boolean> {
  const result = await db
    .updateTable('article')
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where('id', '=', id)
    .where('isPublished', '=', 1)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * A published article with its cover, files and neighbours in the same category.
 * prev is the next-newer article and next the next-older one, as a reader paging back
 * through a newest-first list expects; (publish_time, id) orders ties.
 */
export async function findArticleDetail(db: Kysely<Database>, id: number) {
  const article = await db
    .selectFrom('article')
    .leftJoin('file as cover', 'cover.id', 'article.coverFileId')
    .where('article.id', '=', id)
    .where('article.isPublished', '=', 1)
    .select([
      'article.id',
      'article.title',
      'article.summary',
      'article.content',
      'article.source',
      'article.author',
      'article.views',
      'article.categoryId',
      'article.publishTime',
      'cover.id as coverId',
      'cover.name as coverName',
    ])
    .executeTakeFirst()
  if (!article) return null

  const neighbours = db
    .selectFrom('article')
    .select(['id', 'title'])
    .where('categoryId', '=', article.categoryId)
    .where('isPublished', '=', 1)
  const { publishTime: time, id: articleId } = article
  const [files, prev, next] = await Promise.all([
    db
      .selectFrom('articleFile')
      .innerJoin('file', 'file.id', 'articleFile.fileId')
      .where('articleFile.articleId', '=', id)
      .select(['file.id', 'file.name', 'file.mime', 'file.size'])
      .orderBy('articleFile.sort')
      .execute(),
    neighbours
      .where((eb) =>
        eb.or([
          eb('publishTime', '>', time),
          eb.and([eb('publishTime', '=', time), eb('id', '>', articleId)]),
        ]),
      )
      .orderBy('publishTime', 'asc')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst(),
    neighbours
      .where((eb) =>
        eb.or([
          eb('publishTime', '<', time),
          eb.and([eb('publishTime', '=', time), eb('id', '<', articleId)]),
        ]),
      )
      .orderBy('publishTime', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ])
  return { ...article, files, prev: prev ?? null, next: next ?? null }
}

/** The files of several articles in one statement, each article's in their order. */
export async function findArticleFiles(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return []
  return db
    .selectFrom('articleFile')
    .innerJoin('file', 'file.id', 'articleFile.fileId')
    .where('articleFile.articleId', 'in', ids)
    .select([
      'articleFile.articleId',
      'file.id',
      'file.name',
      'file.mime',
      'file.size',
    ])
    .orderBy('articleFile.articleId')
    .orderBy('articleFile.sort')
    .execute()
}

export async function insertArticle(
  db: Kysely<Database>,
  row: NewArticle,
): Promise<number> {
  const { id } = await db
    .insertInto('article')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/**
 * Bulk insert for seeds and benchmarks; the caller batches and wraps in a transaction.
 * Returns the new ids in the order of the rows.
 */
export async function insertArticles(
  db: Kysely<Database>,
  rows: NewArticle[],
): Promise<number[]> {
  if (rows.length === 0) return []
  const inserted = await db
    .insertInto('article')
    .values(rows)
    .returning('id')
    .execute()
  // Ids are drawn in the order of the VALUES list; RETURNING's own order is not promised.
  return inserted.map((row) => row.id).sort((a, b) => a - b)
}

export async function insertArticleFiles(
  db: Kysely<Database>,
  rows: NewArticleFile[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('articleFile').values(rows).execute()
}

export async function countArticles(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('article')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

/** Published articles with their bodies, by id from `afterId`: the search index is rebuilt from them. */
export async function findPublishedArticlesAfter(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
) {
  return db
    .selectFrom('article')
    .select(['id', 'categoryId', 'title', 'content', 'publishTime'])
    .where('isPublished', '=', 1)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** Those of `fileIds` an article carries as attachment or cover. */
export async function findArticleFileIds(
  db: Kysely<Database>,
  fileIds: string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('article')
    .select('coverFileId as fileId')
    .where('coverFileId', 'in', fileIds)
    .union(
      db
        .selectFrom('articleFile')
        .select('fileId')
        .where('fileId', 'in', fileIds),
    )
    .execute()
  return rows.flatMap((row) => (row.fileId ? [row.fileId] : []))
}
