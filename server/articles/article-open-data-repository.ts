import { type Kysely, sql } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import { idBlock } from '#server/shared/id-blocks.ts'

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
