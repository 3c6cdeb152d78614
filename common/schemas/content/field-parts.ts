import { z } from 'zod'

import { CONTENT_LIMITS } from '#common/constants/content.ts'
import { withOwnImages } from '#common/html-images.ts'
import { withBoundedShape } from '#common/html-shape.ts'

// Their messages are the same wherever a kind asks for them.

/** A stored file's id (server/files/save-file.ts: 12 random bytes, base64url). */
export const StoredFileIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16}$/, '文件编号无效')

export const DateTextSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')

export const title = z
  .string({ error: '请输入标题' })
  .trim()
  .min(1, '请输入标题')
  .max(CONTENT_LIMITS.titleMax, `标题不能超过${CONTENT_LIMITS.titleMax}个字符`)
/** Empty: the server takes the first sentences of the body. */
export const summary = z
  .string()
  .trim()
  .max(
    CONTENT_LIMITS.summaryMax,
    `摘要不能超过${CONTENT_LIMITS.summaryMax}个字符`,
  )
  .default('')
/** HTML from the editor; the server sanitizes it before it is stored or shown. */
export const content = z
  .string({ error: '请输入正文' })
  .min(1, '请输入正文')
  .max(CONTENT_LIMITS.contentMax, '正文过长，请拆分为多篇发布')
  .superRefine(withBoundedShape('正文', CONTENT_LIMITS.elementsMax))
  .superRefine(withOwnImages('正文'))
export const shortText = (label: string, max: number) =>
  z.string().trim().max(max, `${label}不能超过${max}个字符`).default('')
export const attachments = z
  .array(StoredFileIdSchema)
  .max(
    CONTENT_LIMITS.attachmentsMax,
    `附件不能超过${CONTENT_LIMITS.attachmentsMax}个`,
  )
  .refine((ids) => new Set(ids).size === ids.length, '附件重复')
  .default([])
export const requiredText = (label: string, max: number, verb = '请输入') =>
  z
    .string({ error: `${verb}${label}` })
    .trim()
    .min(1, `${verb}${label}`)
    .max(max, `${label}不能超过${max}个字符`)
