import {
  ARTICLE_CATEGORY_NAMES,
  POLICY_CATEGORIES,
} from '#common/constants/articles.ts'
import type { ArticleDetail } from '#common/schemas/article.ts'
import { fileUrl, toFileRecord } from '#server/files/file-record.ts'

const POLICY_CATEGORY_IDS = new Set(
  POLICY_CATEGORIES.map((category) => Number(category.ctype)),
)

const isPolicyCategory = (categoryId: number) =>
  POLICY_CATEGORY_IDS.has(categoryId)

type ArticleDetailRow = {
  id: number
  title: string
  summary: string
  content: string
  source: string
  author: string
  views: number | string
  categoryId: number
  publishTime: string
  coverId: string | null
  coverName: string | null
  issuingBody: string
  documentNumber: string
  issuedDate?: string | null
  effectiveDate?: string | null
  correctedAt?: string | null
  correctionNote: string
  withdrawnAt?: string | null
  withdrawalReason?: string | null
  files: { id: string; name: string; mime: string; size: number | string }[]
  prev: { id: number; title: string } | null
  next: { id: number; title: string } | null
}

// Shared with the console's preview, so a preview shows what the page will.
export function toArticleDetail(row: ArticleDetailRow): ArticleDetail {
  const isWithdrawn = Boolean(row.withdrawnAt)
  const cover =
    row.coverId && row.coverName && !isWithdrawn
      ? fileUrl(row.coverId, row.coverName)
      : null
  return {
    id: row.id,
    title: row.title,
    summary: isWithdrawn ? '' : row.summary,
    source: row.source,
    categoryId: row.categoryId,
    categoryName: ARTICLE_CATEGORY_NAMES[row.categoryId] ?? '',
    publishTime: row.publishTime,
    cover,
    content: isWithdrawn ? '' : row.content,
    author: row.author,
    views: Number(row.views),
    files: isWithdrawn ? [] : row.files.map(toFileRecord),
    prev: row.prev,
    next: row.next,
    ...(isPolicyCategory(row.categoryId)
      ? {
          policy: {
            issuingBody: row.issuingBody,
            documentNumber: row.documentNumber,
            issuedDate: row.issuedDate ?? null,
            effectiveDate: row.effectiveDate ?? null,
          },
        }
      : {}),
    ...(row.correctedAt && !isWithdrawn
      ? { correction: { at: row.correctedAt, note: row.correctionNote } }
      : {}),
    ...(row.withdrawnAt
      ? {
          withdrawal: {
            at: row.withdrawnAt,
            reason: row.withdrawalReason ?? '',
          },
        }
      : {}),
  }
}
