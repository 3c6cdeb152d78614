import { type Kysely, sql, type Updateable } from 'kysely'

import type {
  ArticleTable,
  Database,
  NewArticle,
  NewArticleFile,
} from '#server/db/schema.ts'
import type { CountCache } from '#server/shared/count-cache.ts'
import { idBlock } from '#server/shared/id-blocks.ts'

type ArticlePageFilter = {
  categoryIds?: number[]
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
  return query
}

/** What a list shows of each article, newest first. */
function articleSummaries(db: Kysely<Database>) {
  return db
    .selectFrom('article')
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
}

/** The list rows of published articles by id, newest first. */
export async function findArticleSummaries(
  db: Kysely<Database>,
  ids: number[],
) {
  if (ids.length === 0) return []
  return articleSummaries(db)
    .where('article.id', 'in', ids)
    .where('article.isPublished', '=', 1)
    .execute()
}

/** A day of the stored times: 'YYYY-MM-DD' of 'YYYY-MM-DD HH:mm:ss'. */
const dayOf = (time: string) => time.slice(0, 10)
const dayStart = (day: string) => `${day} 00:00:00`
const dayEnd = (day: string) => `${day} 23:59:59`

type DayCount = { day: string; count: number }

/**
 * How many articles of a category (or of all, `null`) are published on each day, newest day
 * first: one walk of the category's index entries, kept in the count cache and shared by every
 * filter of the category whatever its time range.
 */
async function findPublishedDays(
  db: Kysely<Database>,
  categoryId: number | null,
): Promise<DayCount[]> {
  const day = sql<string>`substr(${sql.ref('article.publishTime')}, 1, 10)`
  let query = db.selectFrom('article').where('article.isPublished', '=', 1)
  if (categoryId !== null)
    query = query.where('article.categoryId', '=', categoryId)
  const rows = await query
    .select((eb) => [day.as('day'), eb.fn.countAll<number | string>().as('n')])
    .groupBy(day)
    .orderBy(day, 'desc')
    .execute()
  return rows.map((row) => ({ day: row.day, count: Number(row.n) }))
}

/**
 * A filter's published articles per day, newest day first, within its time range: the
 * categories' days added up, and the range's first and last day counted exactly (a range may
 * start or end within a day). Its sum is the filter's total. Only the categories' days and the
 * two counts are kept (a list of days per filter would be some thousand entries each); adding
 * them up again is a walk over the days, not the articles.
 */
async function findFilterDays(
  db: Kysely<Database>,
  matching: Omit<ArticlePageFilter, 'limit' | 'offset'>,
  counts: CountCache,
): Promise<DayCount[]> {
  const { categoryIds, startTime, endTime } = matching
  const first = startTime ? dayOf(startTime) : undefined
  const last = endTime ? dayOf(endTime) : undefined
  if (first && last && first > last) return []
  const categories: (number | null)[] =
    categoryIds && categoryIds.length > 0 ? [...new Set(categoryIds)] : [null]
  // The range's own last and first days (newest first), counted within the range on the index.
  const edges = [...new Set([last, first])].filter((day) => day !== undefined)
  const [perCategory, edgeCounts] = await Promise.all([
    Promise.all(
      categories.map((id) =>
        counts.remember(`article days ${id ?? 'all'}`, () =>
          findPublishedDays(db, id),
        ),
      ),
    ),
    Promise.all(
      edges.map((day) =>
        counts.count(
          `article day ${day} ${JSON.stringify(matching)}`,
          async () => {
            const row = await publishedArticles(db, {
              categoryIds,
              startTime:
                startTime && startTime > dayStart(day)
                  ? startTime
                  : dayStart(day),
              endTime: endTime && endTime < dayEnd(day) ? endTime : dayEnd(day),
            })
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .executeTakeFirstOrThrow()
            return Number(row.n)
          },
        ),
      ),
    ),
  ])
  const isInside = ({ day }: DayCount) =>
    (!first || day > first) && (!last || day < last)
  // One category's days are in order already; several are added up day by day.
  let inside = perCategory[0]!.filter(isInside)
  if (perCategory.length > 1) {
    const byDay = new Map<string, number>()
    for (const days of perCategory)
      for (const { day, count } of days.filter(isInside))
        byDay.set(day, (byDay.get(day) ?? 0) + count)
    inside = [...byDay]
      .map(([day, count]) => ({ day, count }))
      .sort((x, y) => (x.day < y.day ? 1 : x.day > y.day ? -1 : 0))
  }
  const edgeDays = edges.map((day, i) => ({ day, count: edgeCounts[i]! }))
  // The last day is the newest, the first the oldest; a range within one day has only it.
  const newest = last ? edgeDays.filter(({ day }) => day === last) : []
  const oldest = edgeDays.filter(({ day }) => day === first && day !== last)
  return [...newest, ...inside, ...oldest]
}

/**
 * One page of published articles, newest first, plus the total: two statements, no N+1. The
 * page's ids are found first on the index alone, then their rows read: a deep page skips index
 * entries, not rows. With `counts`, the total and the page's place come from the filter's
 * articles per day (kept until content changes): a page starts at the newest entry of the day
 * it falls in and skips fewer entries than that day holds, so a random page of 100,000
 * articles costs about what one of 10,000 does, where OFFSET alone walks ten times as far,
 * every time, for every filter.
 */
export async function findArticlePage(
  db: Kysely<Database>,
  filter: ArticlePageFilter,
  counts?: CountCache,
) {
  const { limit, offset, ...matching } = filter
  const pageIds = publishedArticles(db, matching)
    .select('article.id')
    .orderBy('article.publishTime', 'desc')
    .orderBy('article.id', 'desc')
  const rowsOf = (ids: typeof pageIds) =>
    articleSummaries(db).where('article.id', 'in', ids).execute()

  if (!counts) {
    const [row, rows] = await Promise.all([
      publishedArticles(db, matching)
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow(),
      rowsOf(pageIds.limit(limit).offset(offset)),
    ])
    return { rows, total: Number(row.total) }
  }

  const days = await findFilterDays(db, matching, counts)
  const total = days.reduce((sum, { count }) => sum + count, 0)
  // The day the page starts in, and how many newer entries of the filter come before it.
  let before = 0
  const start = days.find(({ count }) => {
    if (before + count > offset) return true
    before += count
    return false
  })
  if (!start) return { rows: [], total }
  const rows = await rowsOf(
    pageIds
      .where('article.publishTime', '<=', dayEnd(start.day))
      .limit(limit)
      .offset(offset - before),
  )
  return { rows, total }
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

/** Adds the views counted for each article, in one transaction. */
export async function addArticleViews(
  db: Kysely<Database>,
  counts: ReadonlyMap<number, number>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [id, n] of counts)
      await trx
        .updateTable('article')
        .set((eb) => ({ views: eb('views', '+', n) }))
        .where('id', '=', id)
        .execute()
  })
}

/**
 * A published article with its cover, files and neighbours in the same category, or a
 * withdrawn one (`withdrawnAt` set: its address says so, with nothing else).
 * prev is the next-newer article and next the next-older one, as a reader paging back
 * through a newest-first list expects; (publish_time, id) orders ties.
 */
export async function findArticleDetail(db: Kysely<Database>, id: number) {
  const article = await db
    .selectFrom('article')
    .leftJoin('file as cover', 'cover.id', 'article.coverFileId')
    .where('article.id', '=', id)
    .where((eb) =>
      eb.or([
        eb('article.isPublished', '=', 1),
        eb('article.withdrawnAt', 'is not', null),
      ]),
    )
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
      'article.isPublished',
      'article.issuingBody',
      'article.documentNumber',
      'article.issuedDate',
      'article.effectiveDate',
      'article.correctedAt',
      'article.correctionNote',
      'article.withdrawnAt',
      'article.withdrawalReason',
      'cover.id as coverId',
      'cover.name as coverName',
    ])
    .executeTakeFirst()
  if (!article) return null
  if (article.isPublished !== 1)
    return { ...article, files: [], prev: null, next: null }

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
    // Row values, so that the index on (category, published, time, id) finds the neighbour
    // at once on both engines instead of walking the category.
    neighbours
      .where((eb) =>
        eb(eb.refTuple('publishTime', 'id'), '>', eb.tuple(time, articleId)),
      )
      .orderBy('publishTime', 'asc')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst(),
    neighbours
      .where((eb) =>
        eb(eb.refTuple('publishTime', 'id'), '<', eb.tuple(time, articleId)),
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

/**
 * Those of `fileIds` a published article carries as attachment, cover or picture in its body.
 * A withdrawn article's files are public no longer.
 */
export async function findArticleFileIds(
  db: Kysely<Database>,
  fileIds: string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('article')
    .select('coverFileId as fileId')
    .where('coverFileId', 'in', fileIds)
    .where('isPublished', '=', 1)
    .union(
      db
        .selectFrom('articleFile')
        .innerJoin('article', 'article.id', 'articleFile.articleId')
        .select('articleFile.fileId')
        .where('articleFile.fileId', 'in', fileIds)
        .where('article.isPublished', '=', 1),
    )
    .union(
      db
        .selectFrom('articleImage')
        .innerJoin('article', 'article.id', 'articleImage.articleId')
        .select('articleImage.fileId')
        .where('articleImage.fileId', 'in', fileIds)
        .where('article.isPublished', '=', 1),
    )
    .execute()
  return rows.flatMap((row) => (row.fileId ? [row.fileId] : []))
}

/** Changes columns of one article (the content workflow's later revisions, withdrawals). */
export async function updateArticle(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<ArticleTable>,
): Promise<void> {
  await db.updateTable('article').set(changes).where('id', '=', id).execute()
}

/** An article's attachments become `fileIds`, in that order. */
export async function replaceArticleFiles(
  db: Kysely<Database>,
  articleId: number,
  fileIds: string[],
): Promise<void> {
  await db
    .deleteFrom('articleFile')
    .where('articleId', '=', articleId)
    .execute()
  await insertArticleFiles(
    db,
    fileIds.map((fileId, sort) => ({ articleId, fileId, sort })),
  )
}

export async function insertArticleImages(
  db: Kysely<Database>,
  rows: { articleId: number; fileId: string }[],
): Promise<void> {
  if (rows.length > 0)
    await db.insertInto('articleImage').values(rows).execute()
}

/** The pictures an article's body shows become `fileIds`. */
export async function replaceArticleImages(
  db: Kysely<Database>,
  articleId: number,
  fileIds: string[],
): Promise<void> {
  await db
    .deleteFrom('articleImage')
    .where('articleId', '=', articleId)
    .execute()
  await insertArticleImages(
    db,
    fileIds.map((fileId) => ({ articleId, fileId })),
  )
}

/** What the search index needs of one article. */
export async function findArticleForIndex(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('article')
    .select(['id', 'categoryId', 'title', 'content', 'publishTime'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

/** Views and publish times of articles, for the console's preview of their next revision. */
export async function findArticleFacts(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('article')
    .select(['views', 'publishTime', 'correctedAt', 'correctionNote'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/**
 * The newest published articles of some categories, newest first: a feed's items, with the
 * start of each body for those whose editor left the summary empty.
 */
export async function findNewestArticles(
  db: Kysely<Database>,
  categoryIds: number[],
  limit: number,
) {
  return db
    .selectFrom('article')
    .select([
      'id',
      'categoryId',
      'title',
      'summary',
      sql<string>`substr(${sql.ref('content')}, 1, 1000)`.as('contentStart'),
      'publishTime',
      'updatedAt',
    ])
    .where('isPublished', '=', 1)
    .where('categoryId', 'in', categoryIds)
    .orderBy('publishTime', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/**
 * Published articles in blocks of `size` ids (idBlock), each with the time of its latest
 * publication: the children of the sitemap. One pass over the table, grouped.
 */
export async function findPublishedArticleBlocks(
  db: Kysely<Database>,
  size: number,
) {
  const block = idBlock('id', size)
  const rows = await db
    .selectFrom('article')
    .select((eb) => [block.as('block'), eb.fn.max('updatedAt').as('lastmod')])
    .where('isPublished', '=', 1)
    .groupBy(block)
    .orderBy('block')
    .execute()
  return rows.map((row) => ({ block: Number(row.block), lastmod: row.lastmod }))
}

/** Published articles with ids in (afterId, untilId], by id: a keyset page of the sitemap. */
export async function findPublishedArticleStamps(
  db: Kysely<Database>,
  range: { afterId: number; untilId: number; limit: number },
) {
  return db
    .selectFrom('article')
    .select(['id', 'categoryId', 'publishTime', 'updatedAt'])
    .where('isPublished', '=', 1)
    .where('id', '>', range.afterId)
    .where('id', '<=', range.untilId)
    .orderBy('id')
    .limit(range.limit)
    .execute()
}
