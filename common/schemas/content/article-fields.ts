import { z } from 'zod'

import { ARTICLE_CATEGORY_NAMES } from '#common/constants/articles.ts'
import { CONTENT_LIMITS } from '#common/constants/content.ts'
import { ArticleDetailSchema } from '../article.ts'
import {
  attachments,
  content,
  DateTextSchema,
  shortText,
  StoredFileIdSchema,
  summary,
  title,
} from './field-parts.ts'
import type { KindCategories } from './kind-entry.ts'

const articleCategories = (ids: readonly number[]): KindCategories => ({
  ids,
  nameOf: (id) => ARTICLE_CATEGORY_NAMES[id] ?? '',
})
const ARTICLE_CATEGORIES = articleCategories([1073, 1002, 1001, 1080])
const POLICY_CATEGORIES = articleCategories([927, 928, 929, 1070])

function categoryOf({ ids: allowed }: KindCategories) {
  const names = allowed.map((id) => ARTICLE_CATEGORY_NAMES[id]).join('、')
  return z
    .number({ error: '请选择栏目' })
    .int()
    .refine((id) => allowed.includes(id), `栏目须为：${names}`)
}

export const ArticleFieldsSchema = z.object({
  categoryId: categoryOf(ARTICLE_CATEGORIES),
  title,
  summary,
  content,
  source: shortText('来源', CONTENT_LIMITS.sourceMax),
  author: shortText('作者', CONTENT_LIMITS.sourceMax),
  /** A picture uploaded through /content/uploads; shown in the home page's rotation. */
  coverFileId: StoredFileIdSchema.nullable().default(null),
  isRotation: z.boolean().default(false),
  attachments,
})
export type ArticleFields = z.infer<typeof ArticleFieldsSchema>

export const PolicyFieldsSchema = z.object({
  categoryId: categoryOf(POLICY_CATEGORIES),
  title,
  summary,
  content,
  source: shortText('来源', CONTENT_LIMITS.sourceMax),
  issuingBody: shortText('发布机关', 100),
  documentNumber: shortText('文号', 50),
  /** 发布日期 and 施行日期; null when the document names none. */
  issuedDate: DateTextSchema.nullable().default(null),
  effectiveDate: DateTextSchema.nullable().default(null),
  attachments,
})
export type PolicyFields = z.infer<typeof PolicyFieldsSchema>

export const ARTICLE_KINDS = {
  article: {
    label: '新闻公告',
    categories: ARTICLE_CATEGORIES,
    fields: ArticleFieldsSchema,
    publicView: ArticleDetailSchema,
  },
  policy: {
    label: '政策法规',
    categories: POLICY_CATEGORIES,
    fields: PolicyFieldsSchema,
    publicView: ArticleDetailSchema,
  },
}
