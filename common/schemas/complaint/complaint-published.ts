import { z } from 'zod'
import {
  text,
  DateTimeText,
  MobilePhoneSchema,
  ComplaintTypeSchema,
  ComplaintConclusionSchema,
  NO_MARKUP,
} from './complaint-fields.ts'
import { PageQuerySchema, portalPageSchema } from '#common/schemas/paging.ts'
import { CaptchaAnswerSchema } from './complaint-verification.ts'

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
    /**
     * The 处理决定书 as published: its public version, personal data masked (a PDF anyone
     * may open); null for a result published before public versions were made.
     */
    decision: z
      .object({ title: z.string(), fileName: z.string(), url: z.string() })
      .nullable(),
  })
export type PublishedComplaintDetail = z.infer<
  typeof PublishedComplaintDetailSchema
>

/** POST /Complaint/Feedback: the message, with a solved captcha (GET /xjApi/…/img/code). */
export const FeedbackSubmitSchema = z
  .object({
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
  // Last, so that a message refused for its own fields says so first.
  .extend(CaptchaAnswerSchema.shape)
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
