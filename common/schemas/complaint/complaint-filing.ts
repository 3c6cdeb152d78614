import { z } from 'zod'
import { withOwnImages } from '#common/html-images.ts'
import {
  COMPLAINT_MAX_RESPONDENTS,
  COMPLAINT_MAX_EVIDENCE_FILES,
} from '#common/constants/statute.ts'
import { withBoundedShape } from '#common/html-shape.ts'
import {
  text,
  optionalText,
  FileIdSchema,
  DateTextSchema,
  MobilePhoneSchema,
  partyIdNumberProblem,
  ComplainantTypeSchema,
  ComplaintPartyRoleSchema,
  ComplaintTypeSchema,
  SmsCodeSchema,
} from './complaint-fields.ts'

/** Facts and grounds come from the rich-text editor as HTML; sanitized again on the server. */
export const COMPLAINT_FACTS_MAX_HTML = 50_000
const COMPLAINT_FACTS_MAX_ELEMENTS = 5_000
export const COMPLAINT_FACTS_MIN_TEXT = 20
const COMPLAINT_REQUESTS_MAX = 2000

/**
 * Active content that the rich-text editor never produces: a script, a frame, an event handler
 * or a javascript: URL is refused rather than silently dropped (the sender is not a browser).
 */
const UNSAFE_HTML =
  /<\s*\/?\s*(script|iframe|object|embed|frame|frameset|applet|meta|link|base|form)\b|\son[a-z]+\s*=|javascript\s*:/i

// `[^<>]`: a run of "<" without ">" is not rescanned from each one (50,000 of them took 2 s).
const plainLength = (html: string) =>
  html
    .replace(/<[^<>]*>/g, '')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, '').length

const ComplaintProjectSchema = z.object(
  {
    id: text('项目编号', 64),
    name: text('项目名称', 200),
    code: text('项目代码', 64),
  },
  { error: '请选择投诉的项目' },
)

const ComplainantSchema = z
  .object(
    {
      type: ComplainantTypeSchema,
      role: ComplaintPartyRoleSchema,
      name: text('投诉人名称', 100),
      /** 统一社会信用代码 for 法人/其他组织, 身份证号码 for 自然人. */
      idNumber: z.string({ error: '请填写证件号码' }).trim().toUpperCase(),
      legalRepresentative: optionalText('法定代表人', 50),
      address: text('地址', 200),
    },
    { error: '请填写投诉人信息' },
  )
  .superRefine(
    (value, ctx) => {
      const problem = partyIdNumberProblem(
        value.type === 'natural_person',
        value.idNumber,
      )
      if (problem)
        ctx.addIssue({ code: 'custom', path: ['idNumber'], message: problem })
    },
    // Also while the complainant's other fields are still empty: the form names a mistyped
    // number as soon as it is typed.
    { when: ({ value }) => hasTypeAndIdNumber(value) },
  )
  .superRefine((value, ctx) => {
    if (value.type !== 'natural_person' && !value.legalRepresentative)
      ctx.addIssue({
        code: 'custom',
        path: ['legalRepresentative'],
        message: '法人或其他组织请填写法定代表人（负责人）',
      })
  })

function hasTypeAndIdNumber(value: unknown) {
  const { type, idNumber } = (value ?? {}) as Record<string, unknown>
  return (
    ComplainantTypeSchema.safeParse(type).success &&
    typeof idNumber === 'string'
  )
}

const ComplaintContactSchema = z.object(
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

const RespondentSchema = z.object({
  role: ComplaintPartyRoleSchema,
  name: text('被投诉人名称', 100),
  contact: optionalText('被投诉人联系方式', 100),
  address: optionalText('被投诉人地址', 200),
})

/** Proof of the objection (异议) the law requires before the complaint (条例 art. 60). */
const ObjectionSchema = z
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
    .superRefine(
      withBoundedShape('投诉事项及事实依据', COMPLAINT_FACTS_MAX_ELEMENTS),
    )
    .refine(
      (html) => !UNSAFE_HTML.test(html),
      '投诉事项及事实依据含有脚本等不安全的网页内容，请删除后重新提交',
    )
    .refine(
      (html) => plainLength(html) >= COMPLAINT_FACTS_MIN_TEXT,
      `投诉事项及事实依据不能少于${COMPLAINT_FACTS_MIN_TEXT}个字`,
    )
    // The server keeps only pictures stored here; another site's would vanish from the 投诉书.
    .superRefine(withOwnImages('投诉事项及事实依据')),
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

/**
 * The key the browser draws once per draft (crypto.randomUUID, kept with the draft in the
 * tab's sessionStorage) and sends with every submission of it: a resend with the same key
 * after a lost answer gets the same complaint number and query code, and nothing is filed
 * twice. Lowercase, as randomUUID gives it, so that one key has one spelling.
 */
export const ClientKeySchema = z
  .string({ error: '缺少提交标识，请刷新页面后重新提交' })
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    '提交标识无效，请刷新页面后重新提交',
  )

/** POST /xjApi/api/xjslts/zxtstj body. */
export const ComplaintApplicationSchema = complaintApplicationFields
  .extend({ smsCode: SmsCodeSchema, clientKey: ClientKeySchema })
  .superRefine(requireObjection)
export type ComplaintApplication = z.output<typeof ComplaintApplicationSchema>
export type ComplaintApplicationInput = z.input<
  typeof ComplaintApplicationSchema
>

/** The answer to a filing: the query code is shown once and sent by SMS; only its hash is kept. */
export const ComplaintFiledSchema = z.object({
  complaintNo: z.string(),
  queryCode: z.string(),
  /** The sealed 投诉回执; null when it could not be made now (the query view offers it later). */
  receipt: z.object({ fileName: z.string(), url: z.string() }).nullable(),
})
export type ComplaintFiled = z.infer<typeof ComplaintFiledSchema>
