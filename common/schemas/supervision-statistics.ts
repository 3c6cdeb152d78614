import { z } from 'zod'

import { INDICATOR_CODES } from '#common/constants/supervision.ts'

/**
 * The Portal API's /Supervision/Statistics and /open-data/supervision-statistics.json: 监督统计,
 * the tenders and the warnings of supervision from the data, counted by the quarter of each
 * project's first publication (Asia/Shanghai) and its trading category. Figures only: no company
 * and no project is named.
 */
export const SupervisionStatisticsQuerySchema = z
  .object({
    /** Without a year: every quarter. */
    year: z.coerce
      .number({ error: '年份无效' })
      .int({ error: '年份无效' })
      .min(2000, '年份无效')
      .max(2100, '年份无效')
      .optional(),
    /** A quarter of `year`; without one, the whole year. */
    quarter: z.coerce
      .number({ error: '季度应为1至4' })
      .int({ error: '季度应为1至4' })
      .min(1, '季度应为1至4')
      .max(4, '季度应为1至4')
      .optional(),
  })
  .superRefine((query, ctx) => {
    if (query.quarter !== undefined && query.year === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['quarter'],
        message: '选择季度时须同时选择年份',
      })
  })
export type SupervisionStatisticsQuery = z.output<
  typeof SupervisionStatisticsQuerySchema
>

/** A mean over `count` tenders; null while there are none. */
const MeanSchema = z.object({
  count: z.number().int(),
  mean: z.number().nullable(),
})

/**
 * Each warning is in exactly one state: raised = open + verified + dismissed + cleared. A cleared
 * warning (its project's announcements changed and it no longer fires) counts as raised and as
 * cleared, whatever staff had decided before.
 */
export const WarningCountsSchema = z.object({
  raised: z.number().int(),
  /** 待处理 or 核查中. */
  open: z.number().int(),
  verified: z.number().int(),
  dismissed: z.number().int(),
  cleared: z.number().int(),
})
export type WarningCounts = z.infer<typeof WarningCountsSchema>

const FiguresSchema = z.object({
  /** Projects first published in the quarter, not withdrawn. */
  projects: z.number().int(),
  /** 招标期: days from the 招标公告's documentsFrom to the day of its bidDeadline. */
  tenderDays: MeanSchema,
  /** Bids opened at the opening, per 开标记录. */
  bidders: MeanSchema,
  warnings: WarningCountsSchema,
  /** 联动监管 records opened from verified warnings. */
  linkageOpened: z.number().int(),
})
export type StatisticsFigures = z.infer<typeof FiguresSchema>

export const StatisticsRowSchema = FiguresSchema.extend({
  year: z.number().int(),
  quarter: z.number().int(),
  /** 2026年第4季度 */
  quarterLabel: z.string(),
  category: z.number().int(),
  categoryName: z.string(),
  /** The indicators that raised any warning here, in the order of INDICATORS. */
  byIndicator: z.array(
    WarningCountsSchema.extend({ code: z.enum(INDICATOR_CODES) }),
  ),
})
export type StatisticsRow = z.infer<typeof StatisticsRowSchema>

export const IndicatorFiguresSchema = WarningCountsSchema.extend({
  code: z.enum(INDICATOR_CODES),
  name: z.string(),
  basis: z.string(),
  linkageOpened: z.number().int(),
})
export type IndicatorFigures = z.infer<typeof IndicatorFiguresSchema>

export const StatisticsQuarterSchema = z.object({
  year: z.number().int(),
  quarter: z.number().int(),
  label: z.string(),
})
export type StatisticsQuarter = z.infer<typeof StatisticsQuarterSchema>

export const SupervisionStatisticsSchema = z.object({
  /** The selection; null: not narrowed. */
  year: z.number().int().nullable(),
  quarter: z.number().int().nullable(),
  /** 全部季度, 2026年 or 2026年第4季度 */
  label: z.string(),
  /** Every quarter with figures, newest first: the choices. */
  quarters: z.array(StatisticsQuarterSchema),
  /** The selection's quarters (newest first) by trading category (in trade order). */
  rows: z.array(StatisticsRowSchema),
  total: FiguresSchema,
  /** Every indicator, in the order of INDICATORS, over the selection. */
  indicators: z.array(IndicatorFiguresSchema),
  /** 联动监管 records opened from verified warnings, and how many of them are public now. */
  linkage: z.object({
    opened: z.number().int(),
    published: z.number().int(),
  }),
})
export type SupervisionStatistics = z.infer<typeof SupervisionStatisticsSchema>

/** The selection from a page's address; what is missing or wrong is left out. */
export function statisticsQueryOf(
  params: URLSearchParams,
): SupervisionStatisticsQuery {
  const parsed = SupervisionStatisticsQuerySchema.safeParse({
    year: params.get('year') ?? undefined,
    quarter: params.get('quarter') ?? undefined,
  })
  if (parsed.success) return parsed.data
  const year = SupervisionStatisticsQuerySchema.safeParse({
    year: params.get('year') ?? undefined,
  })
  return year.success ? year.data : {}
}

/** 2026年第4季度 */
export const quarterLabel = (year: number, quarter: number) =>
  `${year}年第${quarter}季度`
