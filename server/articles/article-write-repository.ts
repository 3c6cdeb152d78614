import type { Kysely, Updateable } from 'kysely'

import type {
  ArticleTable,
  Database,
  NewArticle,
  NewArticleFile,
} from '#server/db/schema.ts'

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

// The caller batches and wraps in a transaction.
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

export async function updateArticle(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<ArticleTable>,
): Promise<void> {
  await db.updateTable('article').set(changes).where('id', '=', id).execute()
}

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
