import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'

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

/** What the search index needs of one article. */
export async function findArticleForIndex(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('article')
    .select(['id', 'categoryId', 'title', 'content', 'publishTime'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}
