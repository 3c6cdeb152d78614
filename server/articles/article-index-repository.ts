import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'

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

export async function findArticleForIndex(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('article')
    .select(['id', 'categoryId', 'title', 'content', 'publishTime'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}
