import { z } from 'zod'
import {
  text,
  FileIdSchema,
  DateTextSchema,
  DateTimeText,
  MobilePhoneSchema,
  ComplaintStateSchema,
  ComplaintTypeSchema,
  ComplaintConclusionSchema,
  ComplaintDocumentKindSchema,
  ComplaintNoSchema,
  QueryCodeSchema,
  SmsCodeSchema,
} from './complaint-fields.ts'

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

export const ReceiptSignedSchema = z.object({
  documentId: z.number().int(),
  signedAt: DateTimeText,
})

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

export const MaterialAnswerSchema = ComplaintAccessSchema.extend({
  requestId: z.coerce.number({ error: '补正要求编号无效' }).int().positive(),
  answerText: text('补正说明', 2000),
  fileIds: fileIdList.default([]),
})

/** The answer to a complainant's action (tscshsb, revoke/apply) and to a staff action. */
export const ComplaintActionResultSchema = z.object({
  complaintNo: z.string(),
  state: ComplaintStateSchema,
  eventId: z.number().int(),
  documentId: z.number().int().nullable(),
})
export type ComplaintActionResult = z.infer<typeof ComplaintActionResultSchema>

/** POST revoke/apply: revoke (before signing for) or ask to withdraw (before a decision). */
export const WithdrawalApplySchema = ComplaintAccessSchema.extend({
  reason: text('撤回理由', 1000, 5),
  fileIds: fileIdList.default([]),
})

const ComplaintActorSchema = z.object({
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

const TimelineEventSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  label: z.string(),
  fromState: ComplaintStateSchema.nullable(),
  toState: ComplaintStateSchema.nullable(),
  actor: ComplaintActorSchema,
  reason: z.string(),
  /** 内部意见: only in the staff's view of the complaint. */
  internalNote: z.string().nullable().optional(),
  occurredAt: DateTimeText,
  documentId: z.number().int().nullable(),
})

export const StatutoryDeadlineSchema = z.object({
  kind: z.enum(['acceptance', 'decision', 'material']),
  label: z.string(),
  startDate: DateTextSchema,
  /** Working days counted from the day after startDate (statutory + extension + excluded). */
  workdays: z.number().int(),
  excludedWorkdays: z.number().int(),
  extensionWorkdays: z.number().int(),
  /** null while the clock is paused (补正 before acceptance; 检验、检测、鉴定、专家评审). */
  dueDate: DateTextSchema.nullable(),
  /** Why and since when the clock stands still; null while it runs. */
  pauseNote: z.string().nullable(),
  /**
   * The due date lies in the year after the holiday data's last one: counted Monday–Friday,
   * shown 暂定 with provisionalDeadlineNote(year), recomputed once the year is published.
   */
  provisional: z.boolean(),
  status: z.enum(['pending', 'paused', 'met', 'overdue']),
})
export type StatutoryDeadline = z.infer<typeof StatutoryDeadlineSchema>

const MaterialRequestSchema = z.object({
  id: z.number().int(),
  items: z.string(),
  requestedAt: DateTimeText,
  dueDate: DateTextSchema,
  answeredAt: DateTimeText.nullable(),
  answerText: z.string().nullable(),
  answerFiles: z.array(z.object({ name: z.string(), url: z.string() })),
})

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
  /**
   * The sealed 投诉书 as filed, to open or download again: its url, like every file of the
   * complaint, works only in the browser the query was made in, for a while.
   */
  letter: z.object({ fileName: z.string(), url: z.string() }).nullable(),
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
