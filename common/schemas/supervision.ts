import { z } from 'zod'

import {
  INDICATOR_CODES,
  type IndicatorCode,
  thresholdSpecs,
  WARNING_STATES,
  type WarningState,
} from '#common/constants/supervision.ts'
import { DateTimeTextSchema } from './article.ts'
import { PageQuerySchema } from './paging.ts'

// The staff API of the 监督预警 queue (docs/api/staff-api.md, Supervision warnings): the warnings
// the engine raised from the tenders' facts, and what staff do with each.

const STATE_KEYS = Object.keys(WARNING_STATES) as [
  WarningState,
  ...WarningState[],
]

const blankAsUndefined = (value: unknown) => (value === '' ? undefined : value)

export const WarningQuerySchema = PageQuerySchema.extend({
  /** open: 待处理 and 核查中 (the default); all: every state, cleared ones too. */
  state: z.preprocess(
    blankAsUndefined,
    z
      .enum([...STATE_KEYS, 'open', 'all'], { error: '预警状态无效' })
      .default('open'),
  ),
  code: z.preprocess(
    blankAsUndefined,
    z.enum(INDICATOR_CODES, { error: '预警指标无效' }).optional(),
  ),
  /** 承办人: me, none (not yet assigned), or an account id. */
  assignee: z.preprocess(
    blankAsUndefined,
    z
      .union([z.enum(['me', 'none']), z.coerce.number().int().positive()], {
        error: '承办人筛选条件无效',
      })
      .optional(),
  ),
  keyword: z.string().trim().max(100, '关键字不能超过100个字符').optional(),
})
export type WarningQuery = z.output<typeof WarningQuerySchema>

export const WarningInputSchema = z.object({
  label: z.string(),
  value: z.union([z.string(), z.number()]),
})

export const WarningSummarySchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectCode: z.string(),
  projectName: z.string(),
  code: z.enum(INDICATOR_CODES),
  /** The indicator's name, rule and legal basis (INDICATORS). */
  name: z.string(),
  state: z.enum(STATE_KEYS),
  stateName: z.string(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  explanation: z.string(),
  raisedAt: DateTimeTextSchema,
  updatedAt: DateTimeTextSchema,
})
export type WarningSummary = z.infer<typeof WarningSummarySchema>

export const WarningPageSchema = z.object({
  items: z.array(WarningSummarySchema),
  total: z.number().int(),
})
export type WarningPage = z.infer<typeof WarningPageSchema>

export const WarningStepSchema = z.object({
  at: DateTimeTextSchema,
  actorName: z.string(),
  /** What was done, in Chinese: 指派给…, 核查中, 已核实, 排除, 重新预警 (inputs changed). */
  action: z.string(),
  note: z.string(),
})

export const WarningDetailSchema = WarningSummarySchema.extend({
  rule: z.string(),
  basis: z.string(),
  inputs: z.array(WarningInputSchema),
  /** 核查情况 or 排除理由, as last recorded. */
  dispositionNote: z.string().nullable(),
  /** The 联动监管 content item opened when the warning was verified. */
  linkageItemId: z.number().int().nullable(),
  /** The project's public page. */
  projectPath: z.string(),
  steps: z.array(WarningStepSchema),
})
export type WarningDetail = z.infer<typeof WarningDetailSchema>

export const WarningParamsSchema = z.object({
  id: z.coerce.number({ error: '预警编号无效' }).int().positive('预警编号无效'),
})

/** The version the person saw: a step on a warning that has moved since is refused. */
const seen = z.object({ updatedAt: DateTimeTextSchema })

export const WarningAssignSchema = z.object({
  /** null: no one. */
  assigneeId: z.number().int().positive().nullable(),
  base: seen,
})

export const WarningDisposeSchema = z
  .object({
    state: z.enum(['checking', 'verified', 'dismissed'], {
      error: '请选择处理结果',
    }),
    note: z.string().trim().max(2000, '说明不能超过2000个字符').default(''),
    base: seen,
  })
  .superRefine((input, ctx) => {
    if (input.state !== 'checking' && input.note.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['note'],
        message:
          input.state === 'dismissed' ? '请填写排除理由' : '请填写核实情况',
      })
  })
export type WarningDispose = z.infer<typeof WarningDisposeSchema>

/** The 工作台's figures: open warnings by state and by indicator. */
export const WarningFiguresSchema = z.object({
  raised: z.number().int(),
  checking: z.number().int(),
  mine: z.number().int(),
  unassigned: z.number().int(),
  byCode: z.array(
    z.object({
      code: z.enum(INDICATOR_CODES),
      name: z.string(),
      open: z.number().int(),
    }),
  ),
})
export type WarningFigures = z.infer<typeof WarningFiguresSchema>

/** One indicator's thresholds as the console edits them. */
export const ThresholdEntrySchema = z.object({
  code: z.enum(INDICATOR_CODES),
  name: z.string(),
  rule: z.string(),
  basis: z.string(),
  thresholds: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      unit: z.string(),
      value: z.number(),
      defaultValue: z.number(),
      min: z.number(),
      max: z.number(),
    }),
  ),
  /** Set when a 系统管理员 changed them: when and who. */
  updatedAt: DateTimeTextSchema.nullable(),
  updatedBy: z.string().nullable(),
})
export type ThresholdEntry = z.infer<typeof ThresholdEntrySchema>

export const ThresholdListSchema = z.object({
  items: z.array(ThresholdEntrySchema),
})

export const ThresholdParamsSchema = z.object({
  code: z.enum(INDICATOR_CODES, { error: '预警指标无效' }),
})

/** The values of one indicator's thresholds, each in its range (INDICATORS). */
export function thresholdValuesSchema(code: IndicatorCode) {
  return z.strictObject(
    Object.fromEntries(
      thresholdSpecs(code).map(([key, spec]) => [
        key,
        z
          .number({ error: `请填写${spec.label}` })
          .min(
            spec.min,
            `${spec.label}应在 ${spec.min}–${spec.max} ${spec.unit}之间`,
          )
          .max(
            spec.max,
            `${spec.label}应在 ${spec.min}–${spec.max} ${spec.unit}之间`,
          )
          .refine(
            (value) => spec.unit === '%' || Number.isInteger(value),
            `${spec.label}应为整数`,
          ),
      ]),
    ),
    { error: '有不属于该指标的阈值' },
  )
}

export const ThresholdUpdateSchema = z.object({
  values: z.record(z.string(), z.number()),
})
