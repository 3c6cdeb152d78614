import { z } from 'zod'

import {
  LINKAGE_STATUSES,
  PROJECT_SORT_FIELDS,
  SORT_ORDERS,
  TRADE_MODES,
  TRADE_STAGE_KEYS,
  tradeCategory,
} from '#common/constants/trade.ts'
import { TIME_PRESETS } from '#common/constants/ui.ts'
import { DateTimeTextSchema } from './article.ts'
import { StageFactsSchema } from './content/stage-facts.ts'
import { FileRecordSchema } from './file-record.ts'
import { PageQuerySchema, portalPageSchema } from './paging.ts'
import { CorrectionSchema, WithdrawalSchema } from './publication.ts'

const DateTextSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')

const categoryValue = z.coerce
  .number()
  .int()
  .refine((value) => tradeCategory(value) !== undefined, '交易类别无效')
const subTypeValue = z.coerce
  .number()
  .int()
  .refine(
    (value) => tradeCategory(Math.floor(value / 100)) !== undefined,
    '交易子类无效',
  )
const stageKey = z.enum(TRADE_STAGE_KEYS, '交易环节无效')
const regionCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '地区编码无效')
const keyword = z.string().trim().max(100, '关键字不能超过100个字符')
const belongsToCategory = (category: number | undefined, stage?: string) =>
  stage === undefined ||
  category === undefined ||
  (tradeCategory(category)?.stages as readonly string[]).includes(stage)
const id = (message: string) => z.coerce.number().int().positive(message)

/** POST /Project/JdPortalProjectTypeTree: no parameters (the client drops createTime, spec §7). */
export const ProjectTypeTreeQuerySchema = z.object({})

export const ProjectTypeNodeSchema = z.object({
  label: z.string(),
  value: z.string(),
  children: z.array(z.object({ label: z.string(), value: z.string() })),
})
export type ProjectTypeNode = z.infer<typeof ProjectTypeNodeSchema>
export const ProjectTypeTreeSchema = z.array(ProjectTypeNodeSchema)

/**
 * POST /Project/PageList. Ranges are inclusive; a time range is either `timePreset` (spec §9) or
 * `startTime`/`endTime`. A project without the date sorted by comes last.
 */
export const ProjectPageQuerySchema = PageQuerySchema.extend({
  keyword: keyword.optional(),
  category: categoryValue.optional(),
  subType: subTypeValue.optional(),
  region: regionCode.optional(),
  stage: stageKey.optional(),
  tradeMode: z.enum(TRADE_MODES, '交易方式无效').optional(),
  timePreset: z
    .enum(
      TIME_PRESETS.map((preset) => preset.key) as [string, ...string[]],
      '时间范围无效',
    )
    .optional(),
  startTime: DateTimeTextSchema.optional(),
  endTime: DateTimeTextSchema.optional(),
  currentStage: stageKey.optional(),
  registrationStart: DateTimeTextSchema.optional(),
  registrationEnd: DateTimeTextSchema.optional(),
  openingStart: DateTimeTextSchema.optional(),
  openingEnd: DateTimeTextSchema.optional(),
  sort: z.enum(PROJECT_SORT_FIELDS, '排序字段无效').optional(),
  order: z.enum(SORT_ORDERS, '排序方向无效').optional(),
})
  .refine(
    (q) =>
      q.subType === undefined ||
      q.category === undefined ||
      Math.floor(q.subType / 100) === q.category,
    { message: '交易子类不属于所选交易类别', path: ['subType'] },
  )
  .refine((q) => belongsToCategory(q.category, q.stage), {
    message: '所选交易类别没有该交易环节',
    path: ['stage'],
  })
  .refine((q) => belongsToCategory(q.category, q.currentStage), {
    message: '所选交易类别没有该交易环节',
    path: ['currentStage'],
  })
  .refine((q) => !q.startTime || !q.endTime || q.startTime <= q.endTime, {
    message: '开始时间不能晚于结束时间',
    path: ['startTime'],
  })
  .refine(
    (q) =>
      !q.registrationStart ||
      !q.registrationEnd ||
      q.registrationStart <= q.registrationEnd,
    { message: '开始时间不能晚于结束时间', path: ['registrationStart'] },
  )
  .refine(
    (q) => !q.openingStart || !q.openingEnd || q.openingStart <= q.openingEnd,
    { message: '开始时间不能晚于结束时间', path: ['openingStart'] },
  )
export type ProjectPageQuery = z.infer<typeof ProjectPageQuerySchema>

const projectIdentity = {
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  category: z.number().int(),
  categoryName: z.string(),
  subType: z.number().int(),
  subTypeName: z.string(),
  regionCode: z.string(),
  regionName: z.string(),
}

const projectSchedule = {
  registrationDeadline: DateTimeTextSchema.nullable(),
  openingTime: DateTimeTextSchema.nullable(),
  currentStage: stageKey.nullable(),
  currentStageName: z.string(),
}

/** One announcement: the one of the stage asked for, or else its latest. Amounts in 万元. */
export const ProjectSummarySchema = z.object({
  ...projectIdentity,
  tenderer: z.string(),
  amount: z.number(),
  tradeMode: z.string(),
  stage: stageKey,
  stageName: z.string(),
  announcementId: z.number().int(),
  title: z.string(),
  publishTime: DateTimeTextSchema,
  ...projectSchedule,
})
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>
export const ProjectPageSchema = portalPageSchema(ProjectSummarySchema)

export const ProjectDetailQuerySchema = z.object({ id: id('项目编号无效') })
export type ProjectDetailQuery = z.infer<typeof ProjectDetailQuerySchema>

export const StageAnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  publishTime: DateTimeTextSchema,
  files: z.array(FileRecordSchema),
  correction: CorrectionSchema.optional(),
  /** The stage's facts as data (开标记录's bids, …); absent or null where none are given. */
  facts: StageFactsSchema.nullable().optional(),
})
export type StageAnnouncement = z.infer<typeof StageAnnouncementSchema>

export const LinkageSummarySchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  title: z.string(),
  item: z.string(),
  responsibleUnit: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  foundDate: DateTextSchema,
  deadline: DateTextSchema,
  rectifiedDate: DateTextSchema.nullable(),
  publishTime: DateTimeTextSchema,
})
export type LinkageSummary = z.infer<typeof LinkageSummarySchema>

/**
 * POST /Project/Detail. A withdrawn project keeps its header and says so, with no announcement
 * and no record.
 */
export const ProjectDetailSchema = z.object({
  ...projectIdentity,
  location: z.string(),
  tenderer: z.string(),
  agency: z.string(),
  amount: z.number(),
  tradeMode: z.string(),
  fundSource: z.string(),
  publishTime: DateTimeTextSchema,
  ...projectSchedule,
  /** Every stage of the category's tab set in order; announcement null until it is published. */
  stages: z.array(
    z.object({
      stage: stageKey,
      stageName: z.string(),
      announcement: StageAnnouncementSchema.nullable(),
      withdrawal: WithdrawalSchema.optional(),
    }),
  ),
  linkages: z.array(LinkageSummarySchema),
  withdrawal: WithdrawalSchema.optional(),
})
export type ProjectDetail = z.infer<typeof ProjectDetailSchema>

/** POST /Project/Statistics: figures of the last `months` months (this month included). */
export const ProjectStatisticsQuerySchema = z.object({
  months: z.coerce.number().int().min(1).max(36).default(12),
})
export type ProjectStatisticsQuery = z.infer<
  typeof ProjectStatisticsQuerySchema
>
const figures = { count: z.number().int().min(0), amount: z.number().min(0) }
export const ProjectStatisticsSchema = z.object({
  total: z.object(figures),
  /** All seven categories, zero-filled, in trade order. */
  byCategory: z.array(
    z.object({
      category: z.number().int(),
      categoryName: z.string(),
      ...figures,
    }),
  ),
  /** One entry per month 'YYYY-MM', oldest first, zero-filled, split by category. */
  byMonth: z.array(
    z.object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      ...figures,
      categories: z.array(z.object({ category: z.number().int(), ...figures })),
    }),
  ),
})
export type ProjectStatistics = z.infer<typeof ProjectStatisticsSchema>

export const ProjectLatestQuerySchema = z.object({
  category: categoryValue.optional(),
  size: z.coerce.number().int().min(1).max(20).default(8),
})
export type ProjectLatestQuery = z.infer<typeof ProjectLatestQuerySchema>
export const ProjectLatestSchema = z.array(
  z.object({
    category: z.number().int(),
    categoryName: z.string(),
    stages: z.array(
      z.object({
        stage: stageKey,
        stageName: z.string(),
        items: z.array(ProjectSummarySchema),
      }),
    ),
  }),
)
export type ProjectLatest = z.infer<typeof ProjectLatestSchema>

export const ProjectHomeQuerySchema = z.object({
  size: z.coerce.number().int().min(1).max(20).default(6),
})
export type ProjectHomeQuery = z.infer<typeof ProjectHomeQuerySchema>

export const ProjectScheduleItemSchema = z.object({
  ...projectIdentity,
  tenderer: z.string(),
  ...projectSchedule,
})
export type ProjectScheduleItem = z.infer<typeof ProjectScheduleItemSchema>
const ScheduleListSchema = z.object({
  /** All that fall in the range; `items` holds the first `size` of them, soonest first. */
  total: z.number().int().min(0),
  items: z.array(ProjectScheduleItemSchema),
})
export type ScheduleList = z.infer<typeof ScheduleListSchema>

/** POST /Project/HomeSummary: by the server's clock in Asia/Shanghai, weeks Monday to Sunday. */
export const ProjectHomeSummarySchema = z.object({
  today: DateTextSchema,
  weekStart: DateTextSchema,
  weekEnd: DateTextSchema,
  month: z.string().regex(/^\d{4}-\d{2}$/),
  figures: z.object({
    /** Projects not yet at the last stage of their tab set. */
    inProgress: z.number().int().min(0),
    noticesThisMonth: z.number().int().min(0),
    openingsThisWeek: z.number().int().min(0),
    deadlinesThisWeek: z.number().int().min(0),
  }),
  openings: z.object({ today: ScheduleListSchema, week: ScheduleListSchema }),
  deadlines: z.object({ today: ScheduleListSchema, week: ScheduleListSchema }),
  notices: z.object({
    tender: z.array(ProjectSummarySchema),
    result: z.array(ProjectSummarySchema),
  }),
})
export type ProjectHomeSummary = z.infer<typeof ProjectHomeSummarySchema>

export const LinkagePageQuerySchema = PageQuerySchema.extend({
  projectId: id('项目编号无效').optional(),
  keyword: keyword.optional(),
  status: z.coerce
    .number()
    .int()
    .refine(
      (value) => LINKAGE_STATUSES.some((status) => status.value === value),
      '整改状态无效',
    )
    .optional(),
})
export type LinkagePageQuery = z.infer<typeof LinkagePageQuerySchema>
export const LinkagePageSchema = portalPageSchema(LinkageSummarySchema)

export const LinkageDetailQuerySchema = z.object({ id: id('监管记录编号无效') })
export type LinkageDetailQuery = z.infer<typeof LinkageDetailQuerySchema>

/** A withdrawn record keeps its title, dates and project; its other fields are then empty. */
export const LinkageDetailSchema = LinkageSummarySchema.extend({
  finding: z.string(),
  requirement: z.string(),
  /** Sanitized HTML: the rectification account. */
  content: z.string(),
  files: z.array(FileRecordSchema),
  project: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    category: z.number().int(),
    categoryName: z.string(),
    tenderer: z.string(),
  }),
  correction: CorrectionSchema.optional(),
  withdrawal: WithdrawalSchema.optional(),
})
export type LinkageDetail = z.infer<typeof LinkageDetailSchema>
