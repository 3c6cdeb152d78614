import { z } from 'zod'

import {
  COMPLAINANT_TYPES,
  COMPLAINT_CLOCK_PAUSE_KINDS,
  COMPLAINT_CONCLUSIONS,
  COMPLAINT_DOCUMENT_KINDS,
  COMPLAINT_MATERIAL_DEFAULT_WORKDAYS,
  COMPLAINT_MAX_EVIDENCE_FILES,
  COMPLAINT_MAX_EXTENSION_WORKDAYS,
  COMPLAINT_MAX_RESPONDENTS,
  COMPLAINT_PARTY_ROLES,
  COMPLAINT_STATES,
  COMPLAINT_TYPES,
} from '#common/constants.ts'
import { PageQuerySchema, portalPageSchema } from './paging.ts'

/*
 * The complaint contract: the application (complaint form), the follow-up payloads of the
 * complainant (/xjApi), the staff actions (/staff-api) and every result shape. Limits and
 * messages are ours where the spec is silent (§5: "Complaint form field rules: not shown").
 */

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((item) => item.value) as unknown as [
    T[number]['value'],
    ...T[number]['value'][],
  ]

const text = (label: string, max: number, min = 1) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(min, min <= 1 ? `请填写${label}` : `${label}不能少于${min}个字`)
    .max(max, `${label}不能超过${max}个字`)

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label}不能超过${max}个字`)
    .optional()
    .transform((value) => (value === '' ? undefined : value))

/** Ids of file records (server/files): random url-safe text. */
export const FileIdSchema = z
  .string({ error: '文件编号无效' })
  .regex(/^[A-Za-z0-9_-]{8,32}$/, '文件编号无效')

/** 'YYYY-MM-DD' calendar date (Asia/Shanghai). */
export const DateTextSchema = z
  .string({ error: '请选择日期' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00+08:00`)),
    '日期无效',
  )

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai, how times are stored and sent. */
const DateTimeText = z.string()

export const MobilePhoneSchema = z
  .string({ error: '请填写手机号码' })
  .trim()
  .regex(/^1[3-9]\d{9}$/, '请填写正确的11位手机号码')

/** 统一社会信用代码 (GB 32100-2015): 18 characters without I, O, Z, S, V. */
export const CreditCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(
    /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/,
    '请填写正确的18位统一社会信用代码',
  )

/** 居民身份证号码 (GB 11643): 17 digits and a check digit or X. */
export const IdCardNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^\d{17}[\dX]$/, '请填写正确的18位身份证号码')

export const ComplaintStateSchema = z.enum(values(COMPLAINT_STATES))
export const ComplainantTypeSchema = z.enum(values(COMPLAINANT_TYPES), {
  error: '请选择投诉人类型',
})
export const ComplaintPartyRoleSchema = z.enum(values(COMPLAINT_PARTY_ROLES), {
  error: '请选择角色',
})
export const ComplaintTypeSchema = z.enum(values(COMPLAINT_TYPES), {
  error: '请选择投诉类型',
})
export const ComplaintConclusionSchema = z.enum(values(COMPLAINT_CONCLUSIONS), {
  error: '请选择处理结论',
})
export const ComplaintDocumentKindSchema = z.enum(
  values(COMPLAINT_DOCUMENT_KINDS),
)
export const ClockPauseKindSchema = z.enum(
  values(COMPLAINT_CLOCK_PAUSE_KINDS),
  { error: '请选择中止计时的事由' },
)

/** Complaint number: YYYYMMDD + 4-digit daily sequence (architecture.md). */
export const ComplaintNoSchema = z
  .string({ error: '请填写投诉编号' })
  .trim()
  .regex(/^\d{12}$/, '投诉编号应为12位数字')

/** Query code: 12 characters of an alphabet without look-alikes (0/O, 1/I/L). */
export const QUERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const QueryCodeSchema = z
  .string({ error: '请填写查询码' })
  .trim()
  .toUpperCase()
  .regex(/^[A-HJKMNP-Z2-9]{12}$/, '查询码应为12位字母或数字')

export const SmsCodeSchema = z
  .string({ error: '请填写短信验证码' })
  .trim()
  .regex(/^\d{6}$/, '短信验证码应为6位数字')

// ---------------------------------------------------------------------------------------------
// The application (complaint form)

/** Facts and grounds come from the rich-text editor as HTML; sanitized again on the server. */
export const COMPLAINT_FACTS_MAX_HTML = 50_000
export const COMPLAINT_FACTS_MIN_TEXT = 20
export const COMPLAINT_REQUESTS_MAX = 2000

/**
 * Active content that the rich-text editor never produces: a script, a frame, an event handler
 * or a javascript: URL is refused rather than silently dropped (the sender is not a browser).
 */
export const UNSAFE_HTML =
  /<\s*\/?\s*(script|iframe|object|embed|frame|frameset|applet|meta|link|base|form)\b|\son[a-z]+\s*=|javascript\s*:/i
/** Plain-text fields take no markup at all. */
const NO_MARKUP = /<\s*[a-z!/?]/i

const plainLength = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, '').length

export const ComplaintProjectSchema = z.object(
  {
    id: text('项目编号', 64),
    name: text('项目名称', 200),
    code: text('项目代码', 64),
  },
  { error: '请选择投诉的项目' },
)

export const ComplainantSchema = z
  .object(
    {
      type: ComplainantTypeSchema,
      role: ComplaintPartyRoleSchema,
      name: text('投诉人名称', 100),
      /** 统一社会信用代码 for 法人/其他组织, 身份证号码 for 自然人. */
      idNumber: z.string({ error: '请填写证件号码' }).trim(),
      legalRepresentative: optionalText('法定代表人', 50),
      address: text('地址', 200),
    },
    { error: '请填写投诉人信息' },
  )
  .superRefine((value, ctx) => {
    const isPerson = value.type === 'natural_person'
    const check = (isPerson ? IdCardNumberSchema : CreditCodeSchema).safeParse(
      value.idNumber,
    )
    if (!check.success)
      ctx.addIssue({
        code: 'custom',
        path: ['idNumber'],
        message: check.error.issues[0]?.message ?? '证件号码无效',
      })
    if (!isPerson && !value.legalRepresentative)
      ctx.addIssue({
        code: 'custom',
        path: ['legalRepresentative'],
        message: '法人或其他组织请填写法定代表人（负责人）',
      })
  })
  .transform((value) => ({ ...value, idNumber: value.idNumber.toUpperCase() }))

export const ComplaintContactSchema = z.object(
  {
    name: text('联系人', 50),
    phone: MobilePhoneSchema,
    email: z
      .email('请填写正确的电子邮箱')
      .max(100, '电子邮箱不能超过100个字')
      .optional()
      .or(z.literal('').transform(() => undefined)),
  },
  { error: '请填写联系人信息' },
)

export const RespondentSchema = z.object({
  role: ComplaintPartyRoleSchema,
  name: text('被投诉人名称', 100),
  contact: optionalText('被投诉人联系方式', 100),
  address: optionalText('被投诉人地址', 200),
})

/** Proof of the objection (异议) the law requires before the complaint (条例 art. 60). */
export const ObjectionSchema = z
  .object({
    objectionDate: DateTextSchema,
    replyStatus: z.enum(['replied', 'no_reply'], {
      error: '请选择招标人是否已答复',
    }),
    replyDate: DateTextSchema.optional(),
    replySummary: optionalText('答复内容摘要', 1000),
    fileIds: z
      .array(FileIdSchema)
      .min(1, '请上传异议书及答复（或未答复的说明）')
      .max(20, '异议材料最多20个文件'),
  })
  .superRefine((value, ctx) => {
    if (value.replyStatus === 'replied' && !value.replyDate)
      ctx.addIssue({
        code: 'custom',
        path: ['replyDate'],
        message: '请填写答复日期',
      })
    if (value.replyDate && value.replyDate < value.objectionDate)
      ctx.addIssue({
        code: 'custom',
        path: ['replyDate'],
        message: '答复日期不能早于异议日期',
      })
  })

const complaintApplicationFields = z.object({
  project: ComplaintProjectSchema,
  complainant: ComplainantSchema,
  contact: ComplaintContactSchema,
  respondents: z
    .array(RespondentSchema, { error: '请填写被投诉人' })
    .min(1, '请至少填写一个被投诉人')
    .max(
      COMPLAINT_MAX_RESPONDENTS,
      `被投诉人最多${COMPLAINT_MAX_RESPONDENTS}个`,
    ),
  complaintType: ComplaintTypeSchema,
  objection: ObjectionSchema.optional(),
  factsHtml: z
    .string({ error: '请填写投诉事项及事实依据' })
    .max(COMPLAINT_FACTS_MAX_HTML, '投诉事项及事实依据内容过长')
    .refine(
      (html) => !UNSAFE_HTML.test(html),
      '投诉事项及事实依据含有脚本等不安全的网页内容，请删除后重新提交',
    )
    .refine(
      (html) => plainLength(html) >= COMPLAINT_FACTS_MIN_TEXT,
      `投诉事项及事实依据不能少于${COMPLAINT_FACTS_MIN_TEXT}个字`,
    ),
  requests: text('投诉请求', COMPLAINT_REQUESTS_MAX),
  evidenceFileIds: z
    .array(FileIdSchema)
    .max(
      COMPLAINT_MAX_EVIDENCE_FILES,
      `证据材料最多${COMPLAINT_MAX_EVIDENCE_FILES}个文件`,
    )
    .default([]),
  /** The complaint form PDF, sealed by the complainant (spec §1). */
  formFileId: FileIdSchema,
})

function requireObjection(
  value: { complaintType: string; objection?: unknown },
  ctx: z.RefinementCtx,
) {
  if (value.complaintType !== 'other' && !value.objection)
    ctx.addIssue({
      code: 'custom',
      path: ['objection'],
      message:
        '对招标文件、资格预审、开标或评标结果的投诉，应先向招标人提出异议，请提供异议材料',
    })
}

/** What the domain's fileComplaint takes: the application after the SMS code was checked. */
export const ComplaintFilingSchema =
  complaintApplicationFields.superRefine(requireObjection)
export type ComplaintFiling = z.output<typeof ComplaintFilingSchema>

/**
 * POST /xjApi/api/xjslts/complaint/form body: the application before its form exists, from
 * which the 投诉书 PDF is generated (server/filing). Unknown fields (formFileId, smsCode) are
 * dropped, so the page may send its whole form.
 */
export const ComplaintDraftSchema = complaintApplicationFields
  .omit({ formFileId: true })
  .superRefine(requireObjection)
export type ComplaintDraft = z.output<typeof ComplaintDraftSchema>

/** POST /xjApi/api/xjslts/zxtstj body: the application with the SMS code of the contact phone. */
export const ComplaintApplicationSchema = complaintApplicationFields
  .extend({ smsCode: SmsCodeSchema })
  .superRefine(requireObjection)
export type ComplaintApplication = z.output<typeof ComplaintApplicationSchema>
export type ComplaintApplicationInput = z.input<
  typeof ComplaintApplicationSchema
>

/** The answer to a filing: the query code is shown once and sent by SMS; only its hash is kept. */
export const ComplaintFiledSchema = z.object({
  complaintNo: z.string(),
  queryCode: z.string(),
})
export type ComplaintFiled = z.infer<typeof ComplaintFiledSchema>

// ---------------------------------------------------------------------------------------------
// The complainant's follow-up (/xjApi/api/xjslts/…)

/** Number + query code: the credential of every follow-up call. */
export const ComplaintAccessSchema = z.object({
  complaintNo: ComplaintNoSchema,
  queryCode: QueryCodeSchema,
})
export type ComplaintAccess = z.output<typeof ComplaintAccessSchema>

/** GET tsbhcx: by number, with the query code or with the contact phone and an SMS code. */
export const ComplaintNumberQuerySchema = z.union(
  [
    ComplaintAccessSchema,
    z.object({
      complaintNo: ComplaintNoSchema,
      phone: MobilePhoneSchema,
      smsCode: SmsCodeSchema,
    }),
  ],
  { error: '请填写投诉编号和查询码，或投诉编号、手机号码和短信验证码' },
)
export type ComplaintNumberQuery = z.output<typeof ComplaintNumberQuerySchema>

/** GET cxmcx: by query code alone (it is a 60-bit random secret). */
export const ComplaintCodeQuerySchema = z.object({ queryCode: QueryCodeSchema })

/** POST receipt/sign: the complainant acknowledges receipt of a delivered document. */
export const ReceiptSignSchema = ComplaintAccessSchema.extend({
  documentId: z.coerce.number({ error: '文书编号无效' }).int().positive(),
  signerName: text('签收人', 50),
})

/** GET bilu/detail: one investigation transcript (笔录). */
export const TranscriptQuerySchema = ComplaintAccessSchema.extend({
  transcriptId: z.coerce.number({ error: '笔录编号无效' }).int().positive(),
})

const fileIdList = z
  .union([z.array(FileIdSchema), z.string()])
  .transform((value) =>
    typeof value === 'string'
      ? value.split(',').filter((id) => id !== '')
      : value,
  )
  .pipe(z.array(FileIdSchema).max(50, '补充材料最多50个文件'))

/** GET/POST tscshsb: answer a request for supplementary material (材料补正). */
export const MaterialAnswerSchema = ComplaintAccessSchema.extend({
  requestId: z.coerce.number({ error: '补正要求编号无效' }).int().positive(),
  answerText: text('补正说明', 2000),
  fileIds: fileIdList.default([]),
})

/** POST revoke/apply: revoke (before signing for) or ask to withdraw (before a decision). */
export const WithdrawalApplySchema = ComplaintAccessSchema.extend({
  reason: text('撤回理由', 1000, 5),
  fileIds: fileIdList.default([]),
})

// ---------------------------------------------------------------------------------------------
// Results shown to the complainant

export const ComplaintActorSchema = z.object({
  kind: z.enum(['complainant', 'staff', 'system']),
  name: z.string(),
})

export const IssuedDocumentSchema = z.object({
  id: z.number().int(),
  kind: ComplaintDocumentKindSchema,
  label: z.string(),
  fileName: z.string(),
  url: z.string(),
  issuedAt: DateTimeText,
  isSealed: z.boolean(),
  /** Delivered documents ask the complainant to sign a receipt. */
  needsReceipt: z.boolean(),
  receiptSignedAt: DateTimeText.nullable(),
})
export type IssuedDocument = z.infer<typeof IssuedDocumentSchema>

export const TimelineEventSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  label: z.string(),
  fromState: ComplaintStateSchema.nullable(),
  toState: ComplaintStateSchema.nullable(),
  actor: ComplaintActorSchema,
  reason: z.string(),
  occurredAt: DateTimeText,
  documentId: z.number().int().nullable(),
})
export type TimelineEvent = z.infer<typeof TimelineEventSchema>

export const StatutoryDeadlineSchema = z.object({
  kind: z.enum(['acceptance', 'decision', 'material']),
  label: z.string(),
  startDate: DateTextSchema,
  /** Working days counted from the day after startDate (statutory + extension + excluded). */
  workdays: z.number().int(),
  excludedWorkdays: z.number().int(),
  extensionWorkdays: z.number().int(),
  /** null while the clock is paused (检验、检测、鉴定、专家评审). */
  dueDate: DateTextSchema.nullable(),
  /**
   * The due date lies in the year after the holiday data's last one: counted Monday–Friday,
   * shown 暂定 with provisionalDeadlineNote(year), recomputed once the year is published.
   */
  provisional: z.boolean(),
  status: z.enum(['pending', 'paused', 'met', 'overdue']),
})
export type StatutoryDeadline = z.infer<typeof StatutoryDeadlineSchema>

export const MaterialRequestSchema = z.object({
  id: z.number().int(),
  items: z.string(),
  requestedAt: DateTimeText,
  dueDate: DateTextSchema,
  answeredAt: DateTimeText.nullable(),
  answerText: z.string().nullable(),
  answerFiles: z.array(z.object({ name: z.string(), url: z.string() })),
})
export type MaterialRequest = z.infer<typeof MaterialRequestSchema>

export const ComplaintFlagsSchema = z.object({
  isMaterialRequested: z.boolean(),
  isActivitySuspended: z.boolean(),
  isClockPaused: z.boolean(),
  isExtended: z.boolean(),
})
export type ComplaintFlags = z.infer<typeof ComplaintFlagsSchema>

export const TranscriptSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  occurredAt: DateTimeText,
})

/** tsbhcx / cxmcx result: what the complainant sees of his own complaint. */
export const ComplaintStatusSchema = z.object({
  complaintNo: z.string(),
  state: ComplaintStateSchema,
  stateLabel: z.string(),
  flags: ComplaintFlagsSchema,
  project: z.object({ name: z.string(), code: z.string() }),
  complaintType: ComplaintTypeSchema,
  complaintTypeLabel: z.string(),
  complainantName: z.string(),
  /** Desensitized (spec §5). */
  contactPhone: z.string(),
  respondents: z.array(
    z.object({ role: z.string(), roleLabel: z.string(), name: z.string() }),
  ),
  submittedAt: DateTimeText,
  deadlines: z.array(StatutoryDeadlineSchema),
  timeline: z.array(TimelineEventSchema),
  documents: z.array(IssuedDocumentSchema),
  materialRequests: z.array(MaterialRequestSchema),
  transcripts: z.array(TranscriptSummarySchema),
  conclusion: ComplaintConclusionSchema.nullable(),
  conclusionLabel: z.string().nullable(),
  canRevoke: z.boolean(),
  canApplyWithdrawal: z.boolean(),
})
export type ComplaintStatus = z.infer<typeof ComplaintStatusSchema>

export const TranscriptDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  place: z.string(),
  interviewee: z.string(),
  interviewer: z.string(),
  occurredAt: DateTimeText,
  content: z.string(),
  document: IssuedDocumentSchema.nullable(),
})
export type TranscriptDetail = z.infer<typeof TranscriptDetailSchema>

// ---------------------------------------------------------------------------------------------
// Staff actions (/staff-api/complaints/:complaintNo/actions/:action)

const operator = text('经办人', 50)
const reason = (label: string) => text(label, 2000, 5)

export const StaffActionSchemas = {
  sign: z.object({ operator, note: optionalText('备注', 500) }),
  accept: z.object({ operator, note: optionalText('备注', 500) }),
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
  'resume-clock': z.object({ operator, note: optionalText('备注', 500) }),
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
    findings: text('调查认定的事实', 10_000, 10),
    basis: text('处理依据', 2000, 5),
    decision: text('处理决定', 5000, 5),
  }),
  'grant-withdrawal': z.object({ operator, reason: reason('同意撤诉理由') }),
  'refuse-withdrawal': z.object({ operator, reason: reason('不予撤诉理由') }),
  publish: z.object({
    operator,
    /** The public summary of the result; personal data is masked before it is stored. */
    summary: text('公开的处理结果摘要', 2000, 10),
  }),
} as const
export type StaffAction = keyof typeof StaffActionSchemas
export type StaffActionPayload<A extends StaffAction> = z.output<
  (typeof StaffActionSchemas)[A]
>
export const STAFF_ACTIONS = Object.keys(StaffActionSchemas) as StaffAction[]

/** GET /staff-api/complaints: the department's work list. */
export const StaffComplaintListQuerySchema = PageQuerySchema.extend({
  state: ComplaintStateSchema.optional(),
  keyword: z.string().trim().max(100, '关键字不能超过100个字符').optional(),
})

// ---------------------------------------------------------------------------------------------
// Portal API: published results and feedback (/JdPortalApi/Complaint/…)

export const PublishedComplaintQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100, '关键字不能超过100个字符').optional(),
  complaintType: ComplaintTypeSchema.optional(),
})
export type PublishedComplaintQuery = z.output<
  typeof PublishedComplaintQuerySchema
>

export const PublishedComplaintSummarySchema = z.object({
  id: z.number().int(),
  complaintNo: z.string(),
  projectName: z.string(),
  complaintTypeLabel: z.string(),
  /** Desensitized (spec §5). */
  complainantName: z.string(),
  conclusion: ComplaintConclusionSchema,
  conclusionLabel: z.string(),
  decidedAt: DateTimeText,
  publishedAt: DateTimeText,
})
export type PublishedComplaintSummary = z.infer<
  typeof PublishedComplaintSummarySchema
>
export const PublishedComplaintPageSchema = portalPageSchema(
  PublishedComplaintSummarySchema,
)

export const PublishedComplaintDetailQuerySchema = z.object({
  id: z.coerce.number({ error: '投诉编号无效' }).int().positive('投诉编号无效'),
})

export const PublishedComplaintDetailSchema =
  PublishedComplaintSummarySchema.extend({
    projectCode: z.string(),
    complaintType: ComplaintTypeSchema,
    complainantRoleLabel: z.string(),
    respondents: z.array(z.object({ roleLabel: z.string(), name: z.string() })),
    submittedAt: DateTimeText,
    acceptedAt: DateTimeText.nullable(),
    summary: z.string(),
  })
export type PublishedComplaintDetail = z.infer<
  typeof PublishedComplaintDetailSchema
>

export const FeedbackSubmitSchema = z.object({
  /** The published result the message is about, when there is one. */
  complaintId: z.coerce.number().int().positive().optional(),
  name: text('姓名', 50),
  phone: MobilePhoneSchema,
  title: text('标题', 100).refine(
    (value) => !NO_MARKUP.test(value),
    '标题不能包含网页代码',
  ),
  content: text('留言内容', 2000, 10).refine(
    (value) => !NO_MARKUP.test(value),
    '留言内容不能包含网页代码',
  ),
})
export type FeedbackSubmit = z.output<typeof FeedbackSubmitSchema>
export const FeedbackSubmittedSchema = z.object({ id: z.number().int() })

/** FeedbackDetail: one message (id) or a page of answered messages; always a page. */
export const FeedbackDetailQuerySchema = PageQuerySchema.extend({
  id: z.coerce.number().int().positive().optional(),
  complaintId: z.coerce.number().int().positive().optional(),
})
export type FeedbackDetailQuery = z.output<typeof FeedbackDetailQuerySchema>
export const FeedbackMessageSchema = z.object({
  id: z.number().int(),
  complaintId: z.number().int().nullable(),
  title: z.string(),
  content: z.string(),
  /** Desensitized (spec §5). */
  name: z.string(),
  createdAt: DateTimeText,
  reply: z.string().nullable(),
  repliedAt: DateTimeText.nullable(),
})
export type FeedbackMessage = z.infer<typeof FeedbackMessageSchema>
export const FeedbackPageSchema = portalPageSchema(FeedbackMessageSchema)
