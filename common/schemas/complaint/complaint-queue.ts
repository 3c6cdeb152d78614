import { z } from 'zod'

import {
  COMPLAINT_DEADLINE_FILTERS,
  COMPLAINT_QUEUE_FLAGS,
  COMPLAINT_QUEUE_SORTS,
} from '#common/constants/complaint-workbench.ts'
import { COMPLAINT_STATES } from '#common/constants/statute.ts'
import { PageQuerySchema } from '#common/schemas/paging.ts'

import { DateTimeText, values } from './complaint-fields.ts'

/** A filter left empty in a form's query string ("?state=") means no filter. */
const choice = <T extends readonly { value: string }[]>(
  list: T,
  message: string,
) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(values(list), { error: message }).optional(),
  )

export const StaffComplaintQueueQuerySchema = PageQuerySchema.extend({
  state: choice(COMPLAINT_STATES, '投诉状态无效'),
  flag: choice(COMPLAINT_QUEUE_FLAGS, '标记筛选条件无效'),
  deadline: choice(COMPLAINT_DEADLINE_FILTERS, '期限筛选条件无效'),
  keyword: z.string().trim().max(100, '关键字不能超过100个字符').optional(),
  /** 承办人: me (the person asking), none (not yet assigned), or an account id. */
  assignee: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .union([z.enum(['me', 'none']), z.coerce.number().int().positive()], {
        error: '承办人筛选条件无效',
      })
      .optional(),
  ),
  /** deadline (default): the running clock's nearest due date first; newest: by submission. */
  sort: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(values(COMPLAINT_QUEUE_SORTS), { error: '排序方式无效' })
      .default('deadline'),
  ),
})
export type StaffComplaintQueueQuery = z.output<
  typeof StaffComplaintQueueQuerySchema
>

/**
 * Acceptance (3 working days from receipt, 条例 art. 61) before acceptance, decision (30 working
 * days, extensions and excluded time added) after.
 */
export const QueueClockSchema = z.object({
  kind: z.enum(['acceptance', 'decision']).nullable(),
  /** null while paused (补正 before acceptance; 检验、检测、鉴定、专家评审) and when no clock runs. */
  dueDate: z.string().nullable(),
  /**
   * Working days after today up to the due date: 0 when due today, negative when overdue (the
   * working days since, at least 1); null when no date runs.
   */
  workdaysLeft: z.number().int().nullable(),
  isPaused: z.boolean(),
  /** Working days not counted: past pauses, and the current one so far. */
  pausedWorkdays: z.number().int(),
  /** The due date lies in the holiday calendar's provisional year (暂定). */
  isProvisional: z.boolean(),
})
export type QueueClock = z.infer<typeof QueueClockSchema>

export const StaffComplaintItemSchema = z.object({
  complaintNo: z.string(),
  state: z.string(),
  stateLabel: z.string(),
  projectName: z.string(),
  complainantName: z.string(),
  complaintType: z.string(),
  submittedAt: DateTimeText,
  acceptanceDueDate: z.string().nullable(),
  decisionDueDate: z.string().nullable(),
  clockPausedAt: DateTimeText.nullable(),
  isClockPaused: z.boolean(),
  /** The due date lies in the holiday calendar's provisional year (暂定). */
  isAcceptanceDueProvisional: z.boolean(),
  isDecisionDueProvisional: z.boolean(),
  isMaterialRequested: z.boolean(),
  isActivitySuspended: z.boolean(),
  isExtended: z.boolean(),
  isPublished: z.boolean(),
  clock: QueueClockSchema,
  /** 承办人; null until the complaint is signed for or assigned. */
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
})
export type StaffComplaintItem = z.infer<typeof StaffComplaintItemSchema>

export const StaffComplaintPageSchema = z.object({
  items: z.array(StaffComplaintItemSchema),
  total: z.number().int(),
})
export type StaffComplaintPage = z.infer<typeof StaffComplaintPageSchema>

/**
 * GET /staff-api/complaints/dashboard. Each figure is the total of a queue filter (named beside
 * it), so the console can link one to the other.
 */
export const StaffComplaintDashboardSchema = z.object({
  /** The day the figures are for, 'YYYY-MM-DD' (Asia/Shanghai). */
  today: z.string(),
  /** deadline=due_today */
  dueToday: z.number().int(),
  /** deadline=overdue */
  overdue: z.number().int(),
  /** deadline=due_soon */
  dueSoon: z.number().int(),
  /** state=submitted (待签收) */
  awaitingSigning: z.number().int(),
  /** flag=ready_for_decision: 待处理, the clock running and no material outstanding */
  awaitingDecision: z.number().int(),
  /** flag=draft_submitted: a 处理决定书 or a summary to publish waiting for 核稿 */
  awaitingReview: z.number().int(),
  /** flag=withdrawal_requested (申请撤回) */
  withdrawalRequests: z.number().int(),
  /** assignee=me: the complaints the person asking owns (我承办的投诉) */
  mine: z.number().int(),
})
export type StaffComplaintDashboard = z.infer<
  typeof StaffComplaintDashboardSchema
>
