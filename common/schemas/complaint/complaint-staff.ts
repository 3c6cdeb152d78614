import { z } from 'zod'
import { DECISION_DRAFT_BLANK } from '#common/constants/complaint-workbench.ts'
import {
  COMPLAINT_MAX_EXTENSION_WORKDAYS,
  COMPLAINT_MATERIAL_DEFAULT_WORKDAYS,
} from '#common/constants/statute.ts'
import {
  text,
  optionalText,
  ComplaintConclusionSchema,
  ClockPauseKindSchema,
  DateTimeText,
} from './complaint-fields.ts'
import {
  ComplaintActionResultSchema,
  ComplaintStatusSchema,
  TranscriptSummarySchema,
} from './complaint-follow-up.ts'

/**
 * The official's name as older clients send it: accepted and ignored. The acting official is
 * the person signed in or owning the API token (server/staff-api/staff-guard.ts).
 */
const operator = text('经办人', 50).optional()
const reason = (label: string) => text(label, 2000, 5)
/** Shown to the complainant in the timeline, word for word. */
const note = optionalText('告知投诉人', 500)
/** Kept with the event for staff only. */
const internalNote = optionalText('内部意见', 500)

// The head writes what the draft leaves blank (DECISION_DRAFT_BLANK).
const written = (label: string, max: number, min: number) =>
  text(label, max, min).refine(
    (value) => !value.includes(DECISION_DRAFT_BLANK),
    `${label}中仍有“${DECISION_DRAFT_BLANK}…】”的内容，请填写或删除后再签发`,
  )

export const StaffActionSchemas = {
  sign: z.object({
    operator,
    note,
    internalNote,
    /** 承办人: the person signing when absent; another only if a head signs. */
    assigneeId: z
      .number({ error: '请选择承办人' })
      .int({ error: '请选择承办人' })
      .positive({ error: '请选择承办人' })
      .optional(),
  }),
  accept: z.object({ operator, note, internalNote }),
  refuse: z.object({ operator, reason: reason('不予受理理由') }),
  transfer: z.object({
    operator,
    receiver: text('移交机关', 100),
    reason: reason('移交理由'),
  }),
  'request-material': z.object({
    operator,
    items: text('需补正的材料', 2000, 5),
    workdays: z.coerce
      .number()
      .int()
      .min(1, '补正期限至少1个工作日')
      .max(15, '补正期限最多15个工作日')
      .default(COMPLAINT_MATERIAL_DEFAULT_WORKDAYS),
  }),
  'record-transcript': z.object({
    operator,
    title: text('笔录标题', 100),
    place: text('调查地点', 100),
    interviewee: text('被调查人', 100),
    interviewer: text('调查人', 100),
    occurredAt: z
      .string()
      .regex(
        /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
        '时间格式应为 YYYY-MM-DD HH:mm:ss',
      ),
    content: text('笔录内容', 20_000, 10),
    isVisibleToComplainant: z.boolean().default(true),
  }),
  'suspend-activity': z.object({ operator, reason: reason('暂停理由') }),
  'resume-activity': z.object({ operator, reason: reason('恢复理由') }),
  'pause-clock': z.object({
    operator,
    kind: ClockPauseKindSchema,
    reason: reason('中止计时说明'),
  }),
  'resume-clock': z.object({ operator, note, internalNote }),
  extend: z.object({
    operator,
    workdays: z.coerce
      .number()
      .int()
      .min(1, '延长期限至少1个工作日')
      .max(
        COMPLAINT_MAX_EXTENSION_WORKDAYS,
        `延长期限最多${COMPLAINT_MAX_EXTENSION_WORKDAYS}个工作日`,
      ),
    statement: text('延期说明', 2000, 10),
    approvedBy: text('批准负责人', 50),
  }),
  decide: z.object({
    operator,
    conclusion: ComplaintConclusionSchema,
    findings: written('调查认定的事实', 10_000, 10),
    basis: written('处理依据', 2000, 5),
    decision: written('处理决定', 5000, 5),
    /**
     * Natural persons the findings or the decision name (an expert, a witness): masked in
     * the public version, besides the parties the complaint's records name.
     */
    personalNames: z
      .array(text('需隐去的姓名', 50))
      .max(50, '需隐去的姓名最多50个')
      .optional(),
  }),
  'grant-withdrawal': z.object({ operator, reason: reason('同意撤回理由') }),
  'refuse-withdrawal': z.object({ operator, reason: reason('不予撤回理由') }),
  publish: z.object({
    operator,
    summary: text('公开的处理结果摘要', 2000, 10),
  }),
} as const
export type StaffAction = keyof typeof StaffActionSchemas

/**
 * GET /staff-api/complaints/:complaintNo/decision-draft: the decide action's body drafted from
 * the record, to edit; the conclusion is left to the head, and blanks are marked
 * DECISION_DRAFT_BLANK.
 */
export const DecisionDraftSchema = z.object({
  conclusion: ComplaintConclusionSchema.nullable(),
  findings: z.string(),
  basis: z.string(),
  decision: z.string(),
  personalNames: z.array(z.string()),
})
export type DecisionDraft = z.infer<typeof DecisionDraftSchema>

/**
 * 拟稿 → 核稿 → 签发 (server/complaints/staff/complaint-drafts.ts): where a decision or a
 * summary to publish stands on its way out.
 */
export const DraftStateSchema = z.object({
  /** editing: saved, not yet sent; submitted: waiting for a head; returned: sent back. */
  status: z.enum(['editing', 'submitted', 'returned', 'issued']),
  drafter: z.object({ id: z.number().int(), name: z.string() }),
  savedAt: DateTimeText,
  submittedAt: DateTimeText.nullable(),
  review: z
    .object({
      reviewerName: z.string(),
      comment: z.string().nullable(),
      reviewedAt: DateTimeText,
    })
    .nullable(),
})
export type DraftState = z.infer<typeof DraftStateSchema>
/** What is drafted and checked: the 处理决定书, and the summary published with the result. */
export type DraftKind = 'decision' | 'publication'

/**
 * GET and PUT /staff-api/complaints/:complaintNo/decision-draft: the text being drafted (or,
 * before anyone saved one, the draft made from the record) and where it stands.
 */
export const DecisionDraftAnswerSchema = DecisionDraftSchema.extend({
  draft: DraftStateSchema.nullable(),
})
export type DecisionDraftAnswer = z.infer<typeof DecisionDraftAnswerSchema>

/** PUT …/decision-draft: kept as typed; blanks and a missing conclusion wait for the submit. */
export const DecisionDraftSaveSchema = z.object({
  conclusion: ComplaintConclusionSchema.nullable().default(null),
  findings: z.string().max(10_000, '调查认定的事实不能超过10000个字'),
  basis: z.string().max(2000, '处理依据不能超过2000个字'),
  decision: z.string().max(5000, '处理决定不能超过5000个字'),
  personalNames: z
    .array(text('需隐去的姓名', 50))
    .max(50, '需隐去的姓名最多50个')
    .default([]),
})

/** POST …/decision-draft/return and …/publication-draft/return: the head's comments. */
export const DraftReturnSchema = z.object({
  comment: text('核稿意见', 2000, 2),
})
export type StaffActionPayload<A extends StaffAction> = z.output<
  (typeof StaffActionSchemas)[A]
>
export const STAFF_ACTIONS = Object.keys(StaffActionSchemas) as StaffAction[]

/** GET /staff-api/complaints/:complaintNo: the complaint as its complainant sees it, and more. */
export const StaffComplaintDetailSchema = ComplaintStatusSchema.extend({
  respondents: z.array(
    z.object({
      role: z.string(),
      roleLabel: z.string(),
      name: z.string(),
      contact: z.string().nullable(),
      address: z.string().nullable(),
    }),
  ),
  /** Every transcript, whether the complainant may read it or not. */
  transcripts: z.array(
    TranscriptSummarySchema.extend({ isVisibleToComplainant: z.boolean() }),
  ),
  complainant: z.object({
    type: z.string(),
    role: z.string(),
    name: z.string(),
    idNumber: z.string(),
    legalRepresentative: z.string().nullable(),
    address: z.string(),
  }),
  contact: z.object({
    name: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
  }),
  factsHtml: z.string(),
  requests: z.string(),
  objection: z
    .object({
      objectionDate: z.string(),
      replyStatus: z.string(),
      replyDate: z.string().nullable(),
      replySummary: z.string().nullable(),
    })
    .nullable(),
  files: z.array(
    z.object({ purpose: z.string(), name: z.string(), url: z.string() }),
  ),
  formFile: z.object({ name: z.string(), url: z.string() }),
  isPublished: z.boolean(),
  publicSummary: z.string().nullable(),
  availableActions: z.array(
    z.enum(STAFF_ACTIONS as [StaffAction, ...StaffAction[]]),
  ),
  /** 承办人; null until the complaint is signed for or assigned. */
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The 处理决定书 being drafted, checked or returned; null when none is. */
  decisionDraft: DraftStateSchema.nullable(),
  /** The summary proposed for /complaint/list, with its text for the head who checks it. */
  publicationDraft: DraftStateSchema.extend({ summary: z.string() }).nullable(),
})
export type StaffComplaintDetail = z.infer<typeof StaffComplaintDetailSchema>

/** GET /staff-api/complaints/assignees: who may own a case (enabled, 投诉处理). */
export const AssignableStaffSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string() })),
})
export type AssignableStaff = z.infer<typeof AssignableStaffSchema>

/** POST /staff-api/complaints/assign: a head gives one complaint or several a 承办人. */
export const ComplaintAssignSchema = z.object({
  complaintNos: z
    .array(z.string().regex(/^\d{12}$/, '投诉编号应为12位数字'), {
      error: '请选择要分派的投诉',
    })
    .min(1, '请选择要分派的投诉')
    .max(100, '一次最多分派100件投诉'),
  assigneeId: z
    .number({ error: '请选择承办人' })
    .int({ error: '请选择承办人' })
    .positive({ error: '请选择承办人' }),
  reason: text('分派理由', 500, 2),
})
export type ComplaintAssign = z.infer<typeof ComplaintAssignSchema>

export const ComplaintAssignResultSchema = z.object({
  changed: z.array(
    z.object({ complaintNo: z.string(), assigneeId: z.number().int() }),
  ),
})

/** POST /staff-api/complaints/:complaintNo/actions/:action: what it did, and the complaint now. */
export const StaffActionResultSchema = ComplaintActionResultSchema.extend({
  complaint: StaffComplaintDetailSchema,
})

export const FeedbackReplySchema = z.object({
  reply: z
    .string()
    .trim()
    .min(5, '答复内容不能少于5个字')
    .max(2000, '答复内容不能超过2000个字'),
  isPublic: z.boolean().default(true),
})

export const StaffFeedbackPageSchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      complaintId: z.number().int().nullable(),
      name: z.string(),
      phone: z.string(),
      title: z.string(),
      content: z.string(),
      createdAt: DateTimeText,
      reply: z.string().nullable(),
      repliedAt: DateTimeText.nullable(),
      /** 1 once released on the public page. */
      isPublic: z.number().int(),
      /** 1 while the reply waits for a second person to release it. */
      isPublicationRequested: z.number().int(),
      replierId: z.number().int().nullable(),
      replierName: z.string().nullable(),
      approverName: z.string().nullable(),
      approvedAt: DateTimeText.nullable(),
    }),
  ),
  total: z.number().int(),
})

export const FeedbackApprovedSchema = z.object({
  id: z.number().int(),
  approvedAt: DateTimeText,
})

export const FeedbackRepliedSchema = z.object({
  id: z.number().int(),
  repliedAt: DateTimeText,
})
