import { z } from 'zod'

import {
  CREDIT_DECISION_TYPE_KEYS,
  CREDIT_PARTY_KIND_KEYS,
  CREDIT_STATUS_FILTERS,
  CREDIT_STATUS_KEYS,
} from '#common/constants/credit.ts'
import { DateTimeTextSchema } from './article.ts'
import { PageQuerySchema, portalPageSchema } from './paging.ts'
import { CorrectionSchema, WithdrawalSchema } from './publication.ts'

// Each character is worth its index.
const CODE_CHARACTERS = '0123456789ABCDEFGHJKLMNPQRTUWXY'
const CODE_WEIGHTS = [
  1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28,
]

/**
 * The check character (the 18th) of the first 17 characters of a 统一社会信用代码, GB 32100-2015
 * §5: 31 − (Σ value × weight mod 31), 31 counting as 0; undefined when a character is not one of
 * the code's.
 */
export function creditCodeCheckCharacter(first17: string): string | undefined {
  let sum = 0
  for (let i = 0; i < 17; i++) {
    const value = CODE_CHARACTERS.indexOf(first17[i] ?? '')
    if (value < 0) return undefined
    sum += value * CODE_WEIGHTS[i]!
  }
  const check = 31 - (sum % 31)
  return CODE_CHARACTERS[check === 31 ? 0 : check]
}

/**
 * Why `code` (trimmed, upper case) is not a 统一社会信用代码, in Chinese; null when it is one.
 */
export function creditCodeProblem(code: string): string | null {
  if (code.length !== 18)
    return `统一社会信用代码应为18位，当前为${code.length}位`
  for (const [i, character] of [...code].entries())
    if (!CODE_CHARACTERS.includes(character))
      return `统一社会信用代码第${i + 1}位「${character}」无效：只能是数字或大写字母（不含 I、O、S、V、Z）`
  if (!/^\d{6}$/.test(code.slice(2, 8)))
    return '统一社会信用代码第3至8位应为登记管理机关的行政区划码（6位数字）'
  const expected = creditCodeCheckCharacter(code.slice(0, 17))
  if (expected !== code[17])
    return `统一社会信用代码的最后一位校验码应为 ${expected}，请核对是否有输错的字符`
  return null
}

export const CreditCodeSchema = z
  .string({ error: '请输入统一社会信用代码' })
  .trim()
  .toUpperCase()
  .superRefine((code, ctx) => {
    const problem = creditCodeProblem(code)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

const DayTextSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/**
 * POST /Credit/PageList: the records newest decision first, by keyword (party name, credit code
 * or violation), party kind, the decision's year and status: 公示中 (the default), 已归档 or all.
 */
export const CreditPageQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100, '关键字不能超过100个字符').optional(),
  partyKind: z.enum(CREDIT_PARTY_KIND_KEYS, '当事人类别无效').optional(),
  year: z.coerce
    .number({ error: '年份无效' })
    .int('年份无效')
    .min(2000, '年份无效')
    .max(2100, '年份无效')
    .optional(),
  status: z.enum(CREDIT_STATUS_FILTERS, '公示状态无效').default('public'),
})
export type CreditPageQuery = z.infer<typeof CreditPageQuerySchema>

export const CreditSummarySchema = z.object({
  id: z.number().int(),
  partyName: z.string(),
  partyKind: z.enum(CREDIT_PARTY_KIND_KEYS),
  partyKindName: z.string(),
  /** null for a natural person. */
  creditCode: z.string().nullable(),
  violation: z.string(),
  decisionType: z.enum(CREDIT_DECISION_TYPE_KEYS),
  decisionTypeName: z.string(),
  decisionDate: DayTextSchema,
  authority: z.string(),
  documentNumber: z.string(),
  /** The last day of its public period (公示期). */
  publicUntil: DayTextSchema,
  status: z.enum(CREDIT_STATUS_KEYS),
  statusName: z.string(),
  publishTime: DateTimeTextSchema,
})
export type CreditSummary = z.infer<typeof CreditSummarySchema>

/** With each status's figure under the other filters, and the years that have records. */
export const CreditPageSchema = portalPageSchema(CreditSummarySchema).extend({
  counts: z.object({
    public: z.number().int().min(0),
    archived: z.number().int().min(0),
  }),
  years: z.array(z.number().int()),
})
export type CreditPage = z.infer<typeof CreditPageSchema>

export const CreditDetailQuerySchema = z.object({
  id: z.coerce
    .number({ error: '信用记录编号无效' })
    .int('信用记录编号无效')
    .positive('信用记录编号无效')
    // Beyond the id column's range: no such record, not a database error.
    .max(2_147_483_647, '信用记录编号无效'),
})
export type CreditDetailQuery = z.infer<typeof CreditDetailQuerySchema>

/**
 * POST /Credit/Detail. A withdrawn record says only when and why: the conduct is no longer
 * attached to the party.
 */
export const CreditDetailSchema = z.discriminatedUnion('isWithdrawn', [
  CreditSummarySchema.extend({
    isWithdrawn: z.literal(false),
    legalBasis: z.string(),
    decision: z.string(),
    restrictionEndDate: DayTextSchema.nullable(),
    correction: CorrectionSchema.optional(),
  }),
  z.object({
    isWithdrawn: z.literal(true),
    id: z.number().int(),
    withdrawal: WithdrawalSchema,
  }),
])
export type CreditDetail = z.infer<typeof CreditDetailSchema>
