import { type Kysely } from 'kysely'

import { ARTICLE_CATEGORY_NAMES, POLICY_CATEGORIES } from '#common/constants.ts'
import {
  countArticles,
  findPublishedArticlesAfter,
} from '#server/content/article-repository.ts'
import { htmlToText } from '#server/content/search-text.ts'
import { type Database } from '#server/db/schema.ts'
import {
  indexSearchDocuments,
  type SearchDocumentInput,
} from './search-index.ts'
import {
  countSearchDocuments,
  deleteAllSearchDocuments,
} from './search-repository.ts'

const POLICY_CATEGORY_IDS = new Set(
  POLICY_CATEGORIES.map((c) => Number(c.ctype)),
)

/** The index entry of an article: policies (spec §9 categories) are their own type. */
export function articleSearchDocument(article: {
  id: number
  categoryId: number
  title: string
  /** Sanitized HTML as stored. */
  content: string
  publishTime: string
}): SearchDocumentInput {
  return {
    type: POLICY_CATEGORY_IDS.has(article.categoryId) ? 'policy' : 'article',
    refId: article.id,
    categoryId: article.categoryId,
    subTypeName: ARTICLE_CATEGORY_NAMES[article.categoryId] ?? '',
    title: article.title,
    body: htmlToText(article.content),
    publishTime: article.publishTime,
  }
}

const REBUILD_BATCH = 500

/** Replaces the whole index with what is published now (after a restore, or a fix to the terms). */
export async function rebuildSearchIndex(
  db: Kysely<Database>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await deleteAllSearchDocuments(trx)
    let written = 0
    for (let afterId = 0; ;) {
      const articles = await findPublishedArticlesAfter(
        trx,
        afterId,
        REBUILD_BATCH,
      )
      if (articles.length === 0) break
      await indexSearchDocuments(trx, articles.map(articleSearchDocument))
      written += articles.length
      afterId = articles.at(-1)!.id
    }
    return written
  })
}

/**
 * At start: an index that is empty while content exists (a database from before the search
 * index, or content loaded by a tool that bypassed the writers) is rebuilt.
 */
export async function ensureSearchIndex(
  db: Kysely<Database>,
): Promise<number | null> {
  if ((await countSearchDocuments(db)) > 0) return null
  if ((await countArticles(db)) === 0) return null
  return rebuildSearchIndex(db)
}
