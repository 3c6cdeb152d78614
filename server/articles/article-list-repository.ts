import { type Kysely, sql } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import type { CountCache } from '#server/shared/count-cache.ts'

type ArticlePageFilter = {
  categoryIds?: number[]
  // Inclusive.
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

const dayOf = (time: string) => time.slice(0, 10)
const dayStart = (day: string) => `${day} 00:00:00`
const dayEnd = (day: string) => `${day} 23:59:59`

type DayCount = { day: string; count: number }

// One walk of the category's index entries, kept in the count cache and shared by every filter
// of the category whatever its time range.
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

// A list of days per filter would be some thousand entries each: only the categories' days and
// the two edge counts are kept, and adding them up again walks the days, not the articles.
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

// Ids first on the index alone, then their rows: a deep page skips index entries, not rows. With
// `counts` a page starts at the newest entry of its day, so a random page of 100,000 articles
// costs about what one of 10,000 does, where OFFSET alone walks ten times as far.
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
