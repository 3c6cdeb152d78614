import { z } from 'zod'

import { DEFAULT_PTYPE } from '#common/constants/protocol.ts'
import { FileRecordSchema } from './file-record.ts'
import { PageQuerySchema, portalPageSchema } from './paging.ts'

const ptype = z.string().trim().min(1).max(20).default(DEFAULT_PTYPE)
// e.g. "1073,1001" (spec §9)
const ctype = z
  .string()
  .trim()
  .regex(/^\d{1,6}(,\d{1,6}){0,9}$/, '分类编码格式错误')
/** "YYYY-MM-DD HH:mm:ss" in the portal's local time (Asia/Shanghai). */
export const DateTimeTextSchema = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    '时间格式应为 YYYY-MM-DD HH:mm:ss',
  )

/** POST /Article/PageList body after the client removed createTime and stype (spec §7). */
export const ArticlePageQuerySchema = PageQuerySchema.extend({
  ptype,
  ctype: ctype.optional(),
  keyword: z.string().trim().max(100, '关键字不能超过100个字符').optional(),
  startTime: DateTimeTextSchema.optional(),
  endTime: DateTimeTextSchema.optional(),
})
export type ArticlePageQuery = z.infer<typeof ArticlePageQuerySchema>

export const ArticleDetailQuerySchema = z.object({
  id: z.coerce.number().int().positive('文章编号无效'),
  ptype,
})
export type ArticleDetailQuery = z.infer<typeof ArticleDetailQuerySchema>

export const RotationQuerySchema = z.object({
  ptype,
  ctype: ctype.optional(),
  size: z.coerce.number().int().min(1).max(20).default(5),
})
export type RotationQuery = z.infer<typeof RotationQuerySchema>

/** A list row: a summary, never the whole body (lists stay small). */
export const ArticleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  publishTime: DateTimeTextSchema,
  cover: z.string().nullable(),
  hasAttachment: z.boolean(),
})
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>
export const ArticlePageSchema = portalPageSchema(ArticleSummarySchema).extend({
  /** With a keyword: more articles match than the list holds (the newest are listed). */
  totalCapped: z.boolean().optional(),
})
export type ArticlePage = z.infer<typeof ArticlePageSchema>

export const RotationItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  publishTime: DateTimeTextSchema,
})
export type RotationItem = z.infer<typeof RotationItemSchema>

const ArticleLinkSchema = z.object({ id: z.number().int(), title: z.string() })

export const PolicyFactsSchema = z.object({
  /** 发布机关 */
  issuingBody: z.string(),
  /** 文号 */
  documentNumber: z.string(),
  /** 发布日期 and 施行日期, 'YYYY-MM-DD'; null when the document names none. */
  issuedDate: z.string().nullable(),
  effectiveDate: z.string().nullable(),
})
export type PolicyFacts = z.infer<typeof PolicyFactsSchema>

export const ArticleDetailSchema = ArticleSummarySchema.omit({
  hasAttachment: true,
}).extend({
  /** Sanitized on the server before it is stored. */
  content: z.string(),
  author: z.string(),
  views: z.number().int().min(0),
  files: z.array(FileRecordSchema),
  prev: ArticleLinkSchema.nullable(),
  next: ArticleLinkSchema.nullable(),
  policy: PolicyFactsSchema.optional(),
  /** The last correction (更正) published, shown with its date above the body. */
  correction: z.object({ at: DateTimeTextSchema, note: z.string() }).optional(),
  /**
   * Withdrawn (撤回): the address stays, saying when and why; the body, summary and files are
   * then empty.
   */
  withdrawal: z
    .object({ at: DateTimeTextSchema, reason: z.string() })
    .optional(),
})
export type ArticleDetail = z.infer<typeof ArticleDetailSchema>

/** POST /Article/DownloadList: one page of the download centre (category 1080). */
export const DownloadPageQuerySchema = PageQuerySchema.extend({ ptype })
export type DownloadPageQuery = z.infer<typeof DownloadPageQuerySchema>

const DownloadFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  /** Bytes. */
  size: z.number().int().min(0),
  mime: z.string(),
})

export const DownloadItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  publishTime: DateTimeTextSchema,
  files: z.array(DownloadFileSchema),
})
export type DownloadItem = z.infer<typeof DownloadItemSchema>
export const DownloadPageSchema = portalPageSchema(DownloadItemSchema)
