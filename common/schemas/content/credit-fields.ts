import { z } from 'zod'

import {
  CREDIT_DECISION_TYPE_KEYS,
  CREDIT_LIMITS,
  CREDIT_PARTY_KIND_KEYS,
  CREDIT_PARTY_KINDS,
  PERSON_PARTY_KINDS,
} from '#common/constants/credit.ts'
import { CreditDetailSchema, creditCodeProblem } from '../credit.ts'
import { categoriesOf } from './kind-entry.ts'

// Exists: no 2月30日.
const calendarDay = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
    .refine((day) => {
      const time = new Date(`${day}T00:00:00Z`)
      return !Number.isNaN(time.getTime()) && time.toISOString().startsWith(day)
    }, `${label}不是有效的日期`)

const requiredText = (label: string, max: number, verb = '请输入') =>
  z
    .string({ error: `${verb}${label}` })
    .trim()
    .min(1, `${verb}${label}`)
    .max(max, `${label}不能超过${max}个字符`)

/**
 * A decision that restricts the party for longer than the six months of publication names the
 * day the restriction ends: the record is public until then.
 */
export const CreditFieldsSchema = z
  .object({
    partyName: requiredText('当事人名称', CREDIT_LIMITS.partyNameMax),
    partyKind: z.enum(CREDIT_PARTY_KIND_KEYS, '请选择当事人类别'),
    /** '' for a natural person (a 评标专家); checked here so its message comes at once. */
    creditCode: z
      .string()
      .trim()
      .toUpperCase()
      .superRefine((code, ctx) => {
        const problem = code === '' ? null : creditCodeProblem(code)
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      })
      .default(''),
    violation: requiredText('违法违规行为', CREDIT_LIMITS.violationMax),
    legalBasis: requiredText('处理依据', CREDIT_LIMITS.legalBasisMax),
    decisionType: z.enum(CREDIT_DECISION_TYPE_KEYS, '请选择决定类型'),
    decision: requiredText('决定内容', CREDIT_LIMITS.decisionMax),
    decisionDate: calendarDay('决定日期'),
    authority: requiredText('决定机关', CREDIT_LIMITS.authorityMax),
    documentNumber: z
      .string()
      .trim()
      .max(
        CREDIT_LIMITS.documentNumberMax,
        `决定文号不能超过${CREDIT_LIMITS.documentNumberMax}个字符`,
      )
      .default(''),
    restrictionEndDate: calendarDay('限制期限截止日期')
      .nullable()
      .default(null),
  })
  .superRefine((fields, ctx) => {
    if (
      fields.creditCode === '' &&
      !PERSON_PARTY_KINDS.includes(fields.partyKind)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['creditCode'],
        message: '请输入统一社会信用代码（评标专家可不填）',
      })
    if (
      fields.restrictionEndDate !== null &&
      fields.restrictionEndDate < fields.decisionDate
    )
      ctx.addIssue({
        code: 'custom',
        path: ['restrictionEndDate'],
        message: '限制期限截止日期不能早于决定日期',
      })
  })
export type CreditFields = z.infer<typeof CreditFieldsSchema>

export const CREDIT_KINDS = {
  credit: {
    label: '信用记录',
    // By whom the record is about.
    categories: categoriesOf(CREDIT_PARTY_KINDS),
    fields: CreditFieldsSchema,
    publicView: CreditDetailSchema,
  },
}
