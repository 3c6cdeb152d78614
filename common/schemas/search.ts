import { z } from 'zod'

import {
  cutSearchKeyword,
  MARKED_TEXT_PATTERN,
  SEARCH_TYPE_KEYS,
} from '#common/constants/search.ts'
import { DateTimeTextSchema } from './article.ts'
import { PageQuerySchema, portalPageSchema } from './paging.ts'

/** The keyword is never refused for its length or its characters: see SEARCH_KEYWORD_MAX. */
export const SearchPageQuerySchema = PageQuerySchema.extend({
  keyword: z.string().default('').transform(cutSearchKeyword),
  type: z.enum(SEARCH_TYPE_KEYS, '搜索类别无效').optional(),
  startTime: DateTimeTextSchema.optional(),
  endTime: DateTimeTextSchema.optional(),
}).refine((q) => !q.startTime || !q.endTime || q.startTime <= q.endTime, {
  message: '开始时间不能晚于结束时间',
  path: ['startTime'],
})
export type SearchPageQuery = z.infer<typeof SearchPageQuerySchema>

const MarkedTextSchema = z
  .string()
  .regex(MARKED_TEXT_PATTERN, '高亮文本格式错误')

export const SearchHitSchema = z.object({
  type: z.enum(SEARCH_TYPE_KEYS),
  typeName: z.string(),
  refId: z.number().int(),
  /** The project of an announcement; null otherwise. */
  projectId: z.number().int().nullable(),
  /** The trade stage of an announcement (its tab on the project page); null otherwise. */
  stage: z.string().nullable(),
  /** Article category, or the project's trade category. */
  categoryId: z.number().int().nullable(),
  subTypeName: z.string(),
  title: z.string(),
  titleHtml: MarkedTextSchema,
  snippetHtml: MarkedTextSchema,
  publishTime: DateTimeTextSchema,
})
export type SearchHit = z.infer<typeof SearchHitSchema>
/**
 * A page of results. Total counts the results the search lists: every match, or, when more
 * than SEARCH_RESULTS_MAX documents match, the newest SEARCH_RESULTS_MAX of them, and then
 * `totalCapped` is true (the page says 超过 …).
 */
export const SearchPageSchema = portalPageSchema(SearchHitSchema).extend({
  totalCapped: z.boolean(),
})
export type SearchPage = z.infer<typeof SearchPageSchema>
