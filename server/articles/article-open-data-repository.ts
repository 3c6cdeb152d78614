import { type Kysely, sql } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import { idBlock } from '#server/shared/id-blocks.ts'

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

// One pass over the table, grouped.
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
