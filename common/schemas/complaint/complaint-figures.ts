import { z } from 'zod'

/**
 * GET /staff-api/complaints/figures and the Portal API's /Complaint/Figures: how the department
 * keeps the law's time limits, counted by the month or quarter a complaint was received.
 */
export const ComplaintFiguresQuerySchema = z.object({
  year: z.coerce
    .number({ error: '年份无效' })
    .int({ error: '年份无效' })
    .min(2000, '年份无效')
    .max(2100, '年份无效')
    /** This year (Asia/Shanghai) when absent. */
    .optional(),
  period: z
    .enum(['month', 'quarter'], { error: '统计周期应为月或季度' })
    .default('month'),
})
export type ComplaintFiguresQuery = z.output<
  typeof ComplaintFiguresQuerySchema
> & { year: number }

const Days = z.object({
  /** Working days as the law counts them (补正 and 中止 time left out), over `count` complaints. */
  count: z.number().int(),
  mean: z.number().nullable(),
  longest: z.number().int().nullable(),
})

export const ComplaintFigureRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  received: z.number().int(),
  accepted: z.number().int(),
  refused: z.number().int(),
  withdrawn: z.number().int(),
  transferred: z.number().int(),
  decided: z.number().int(),
  /** Still open: not decided, refused, withdrawn or transferred. */
  open: z.number().int(),
  /** Accepted or refused by the acceptance due date, of those accepted or refused. */
  acceptanceOnTime: z.number().int(),
  /** Decided by the decision due date (pauses and extensions counted), of those decided. */
  decisionOnTime: z.number().int(),
  /** decisionOnTime / decided, 0–1; null while none is decided. */
  decisionOnTimeShare: z.number().nullable(),
  acceptanceDays: Days,
  decisionDays: Days,
})
export type ComplaintFigureRow = z.infer<typeof ComplaintFigureRowSchema>

export const ComplaintFiguresSchema = z.object({
  year: z.number().int(),
  /** The current year (Asia/Shanghai), the last one to choose from. */
  thisYear: z.number().int(),
  period: z.enum(['month', 'quarter']),
  total: ComplaintFigureRowSchema,
  byPeriod: z.array(ComplaintFigureRowSchema),
  byType: z.array(ComplaintFigureRowSchema),
})
export type ComplaintFigures = z.infer<typeof ComplaintFiguresSchema>

/** The console's figures name each 承办人; the public ones do not. */
export const StaffComplaintFiguresSchema = ComplaintFiguresSchema.extend({
  byAssignee: z.array(ComplaintFigureRowSchema),
})
export type StaffComplaintFigures = z.infer<typeof StaffComplaintFiguresSchema>

/** A figures page's year and period, from its address; what is missing or wrong is left out. */
export function figuresQueryOf(params: URLSearchParams) {
  const parsed = ComplaintFiguresQuerySchema.safeParse({
    year: params.get('year') ?? undefined,
    period: params.get('period') ?? undefined,
  })
  return parsed.success ? parsed.data : { period: 'month' as const }
}
