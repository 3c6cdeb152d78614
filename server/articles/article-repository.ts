import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'

// prev is the next-newer article and next the next-older one, as a reader paging back through a
// newest-first list expects; (publish_time, id) orders ties.
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

export async function countArticles(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('article')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

// A withdrawn article's files are public no longer.
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

export async function findArticleFacts(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('article')
    .select(['views', 'publishTime', 'correctedAt', 'correctionNote'])
    .where('id', '=', id)
    .executeTakeFirst()
}
