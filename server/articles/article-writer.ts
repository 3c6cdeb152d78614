import type { Kysely } from 'kysely'

import type { Database, NewArticle } from '#server/db/schema.ts'
import {
  indexSearchDocuments,
  removeSearchDocuments,
} from '#server/search/search-index.ts'
import { articleSearchDocument } from './article-search-source.ts'
import { findArticleForIndex } from './article-index-repository.ts'
import {
  insertArticle,
  insertArticles,
  replaceArticleFiles,
  replaceArticleImages,
  updateArticle,
} from './article-write-repository.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import {
  sanitizeArticleHtml,
  sanitizeArticleHtmlOffLoop,
} from './sanitize-article-html.ts'
import { htmlToTextPrefix } from '#server/search/search-text.ts'

export type ArticleInput = {
  categoryId: number
  title: string
  // As an editor or a template produced it; sanitized here.
  content: string
  summary?: string
  source?: string
  author?: string
  coverFileId?: string | null
  isRotation?: boolean
  isPublished?: boolean
  publishTime: Date
  // A policy's 发布机关, 文号, 发布日期 and 施行日期.
  issuingBody?: string
  documentNumber?: string
  issuedDate?: string | null
  effectiveDate?: string | null
  // Left out, an earlier correction stays.
  correction?: { at: Date; note: string }
}

const SUMMARY_LENGTH = 120

// Every write goes through here so no unsanitized body is stored.
export function prepareArticle(
  input: ArticleInput,
  now: Date = new Date(),
): NewArticle {
  return rowOf(input, sanitizeArticleHtml(input.content), now)
}

/**
 * The same, with the body sanitized in a worker thread: a publication or a preview in answer
 * to a request. The longest body takes 60–80 ms to sanitize, which would hold every other
 * visitor as long on the loop.
 */
export async function prepareArticleOffLoop(
  input: ArticleInput,
  now: Date = new Date(),
): Promise<NewArticle> {
  return rowOf(input, await sanitizeArticleHtmlOffLoop(input.content), now)
}

function rowOf(input: ArticleInput, content: string, now: Date): NewArticle {
  const text = htmlToTextPrefix(content, SUMMARY_LENGTH + 1)
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
    createdAt: stamp,
    updatedAt: stamp,
    issuingBody: input.issuingBody ?? '',
    documentNumber: input.documentNumber ?? '',
    issuedDate: input.issuedDate ?? null,
    effectiveDate: input.effectiveDate ?? null,
    ...(input.correction
      ? {
          correctedAt: toShanghaiText(input.correction.at),
          correctionNote: input.correction.note,
        }
      : {}),
  }
}

const articleRefs = (id: number) =>
  (['article', 'policy', 'download'] as const).map((type) => ({
    type,
    refId: id,
  }))

// A picture of this site in a body: <img src="/files/<id>/<name>">, as the editor uploads it.
const BODY_IMAGE = /<img\b[^>]*?\ssrc="\/files\/([A-Za-z0-9_-]{16})\//g

export function bodyImageFileIds(html: string): string[] {
  return [...new Set([...html.matchAll(BODY_IMAGE)].map((m) => m[1]!))]
}

type ArticlePublication = {
  // Updated in place, so its address stays.
  id: number | null
  row: NewArticle
  // Only then is publish_time set (and shown).
  isFirstPublication: boolean
  attachmentIds: string[]
  // As checked by the caller (bodyImageFileIds).
  imageIds: string[]
}

// A later revision keeps the id, the first publish time and the views.
export async function publishArticle(
  db: Kysely<Database>,
  publication: ArticlePublication,
): Promise<number> {
  const { row } = publication
  let id = publication.id
  if (id === null) id = await insertArticle(db, { ...row, isPublished: 1 })
  else {
    const {
      publishTime,
      createdAt: _created,
      views: _views,
      id: _id,
      ...changes
    } = row
    await updateArticle(db, id, {
      ...changes,
      ...(publication.isFirstPublication ? { publishTime } : {}),
      isPublished: 1,
      withdrawnAt: null,
      withdrawalReason: null,
    })
  }
  await replaceArticleFiles(db, id, publication.attachmentIds)
  await replaceArticleImages(db, id, publication.imageIds)
  const stored = await findArticleForIndex(db, id)
  await removeSearchDocuments(db, articleRefs(id))
  await indexSearchDocuments(db, [articleSearchDocument(stored)])
  return id
}

// The row stays so that its address says it was withdrawn, when and why.
export async function withdrawArticle(
  db: Kysely<Database>,
  id: number,
  withdrawal: { at: string; reason: string },
): Promise<void> {
  await updateArticle(db, id, {
    isPublished: 0,
    withdrawnAt: withdrawal.at,
    withdrawalReason: withdrawal.reason,
    updatedAt: withdrawal.at,
  })
  await removeSearchDocuments(db, articleRefs(id))
}

// Pass a transaction so the article and its index entry land together.
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

export async function writeArticles(
  db: Kysely<Database>,
  rows: NewArticle[],
): Promise<number[]> {
  const ids = await insertArticles(db, rows)
  await indexSearchDocuments(
    db,
    rows.flatMap((row, i) =>
      row.isPublished === 0
        ? []
        : [articleSearchDocument({ ...row, id: ids[i]! })],
    ),
  )
  return ids
}
