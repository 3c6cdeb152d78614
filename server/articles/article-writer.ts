import { type Kysely } from 'kysely'

import { type Database, type NewArticle } from '#server/db/schema.ts'
import {
  indexSearchDocuments,
  removeSearchDocuments,
} from '#server/search/search-index.ts'
import { articleSearchDocument } from './article-search-source.ts'
import { insertArticle, insertArticles } from './article-repository.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { sanitizeArticleHtml } from './sanitize-article-html.ts'
import { htmlToText, toSearchWords } from '#server/search/search-text.ts'

export type ArticleInput = {
  categoryId: number
  title: string
  /** Rich HTML as an editor or a template produced it; sanitized here. */
  content: string
  /** Defaults to the first sentences of the body text. */
  summary?: string
  source?: string
  author?: string
  coverFileId?: string | null
  isRotation?: boolean
  isPublished?: boolean
  publishTime: Date
}

const SUMMARY_LENGTH = 120

/**
 * The row to store for an article: the body sanitized, the summary derived when missing, and
 * the search words computed. Every write goes through here so no unsanitized body is stored.
 */
export function prepareArticle(
  input: ArticleInput,
  now: Date = new Date(),
): NewArticle {
  const content = sanitizeArticleHtml(input.content)
  const text = htmlToText(content)
  const summary =
    input.summary ??
    (text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH)}…` : text)
  const stamp = toShanghaiText(now)
  return {
    categoryId: input.categoryId,
    title: input.title.trim(),
    summary,
    content,
    source: input.source ?? '',
    author: input.author ?? '',
    coverFileId: input.coverFileId ?? null,
    isRotation: input.isRotation ? 1 : 0,
    isPublished: input.isPublished === false ? 0 : 1,
    publishTime: toShanghaiText(input.publishTime),
    searchText: toSearchWords(`${input.title} ${summary} ${text}`),
    createdAt: stamp,
    updatedAt: stamp,
  }
}

/**
 * Stores an article and its search index entry; pass a transaction so both land together.
 * A draft (not published) is kept out of the index.
 */
export async function writeArticle(
  db: Kysely<Database>,
  row: NewArticle,
): Promise<number> {
  const id = await insertArticle(db, row)
  if (row.isPublished === 0)
    await removeSearchDocuments(db, [{ type: 'article', refId: id }])
  else await indexSearchDocuments(db, [articleSearchDocument({ ...row, id })])
  return id
}

/** Bulk form of writeArticle for seeds and benchmarks. */
export async function writeArticles(
  db: Kysely<Database>,
  rows: NewArticle[],
): Promise<void> {
  const ids = await insertArticles(db, rows)
  await indexSearchDocuments(
    db,
    rows.flatMap((row, i) =>
      row.isPublished === 0
        ? []
        : [articleSearchDocument({ ...row, id: ids[i]! })],
    ),
  )
}
