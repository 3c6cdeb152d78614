import { z } from 'zod'

import { partyIdNumberProblem } from '#common/schemas/complaint/complaint-fields.ts'

const SignerKindSchema = z.enum(['organisation', 'person'])
export type SignerKind = z.infer<typeof SignerKindSchema>

/** The text under the star of the seal. */
export const SealPurposeSchema = z.enum([
  '投诉专用章',
  '投诉处理专用章',
  '电子签章',
])
export type SealPurpose = z.infer<typeof SealPurposeSchema>

export const SignerSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(2, '请填写签章主体名称')
      .max(40, '签章主体名称不能超过40个字'),
    kind: SignerKindSchema,
    idNumber: z.string().trim().toUpperCase().optional(),
  })
  .superRefine((signer, ctx) => {
    if (signer.idNumber === undefined || signer.idNumber === '') return
    const problem = partyIdNumberProblem(
      signer.kind === 'person',
      signer.idNumber,
    )
    if (problem)
      ctx.addIssue({ code: 'custom', path: ['idNumber'], message: problem })
  })
export type Signer = z.infer<typeof SignerSchema>

/**
 * Whom a document is sealed for: decided by the server from what it stored for the document
 * (the complainant of a generated 投诉书), shown on the signing page, never typed there.
 * idNumber is '' for a letter generated before letters kept it.
 */
export type SealHolder = { name: string; kind: SignerKind; idNumber: string }

export const SignPageFormSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, '签章链接无效'),
})

// Same-tab signing (a phone): never another site (no scheme, no //host, no backslash).
const ReturnPathSchema = z
  .string()
  .max(300, '返回地址无效')
  .regex(/^\/(?![/\\])[^\s\\]*$/, '返回地址无效')

export const SIGN_TYPE_PURPOSE: Record<string, SealPurpose> = {
  complaint: '投诉专用章',
}

/** GET /xjApi/api/xjslts/ca/sign/url (architecture.md, Other fixed paths). */
export const SignUrlQuerySchema = z.object({
  uploadUrl: z.string().max(500).optional(),
  fileUrl: z.string().max(500).optional(),
  fileName: z.string().max(255).optional(),
  fileId: z
    .string({ error: '缺少文件编号' })
    .min(1, '缺少文件编号')
    .max(32, '文件编号无效'),
  type: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,32}$/, '签章类型无效')
    .optional(),
  /**
   * The holder as the page that asks shows it (the complainant on the form), to be checked
   * against the holder the server stored for the file before anything is sealed: a difference
   * is refused. Never used as the holder.
   */
  holderName: z.string().max(100, '签章主体名称过长').optional(),
  holderIdNumber: z.string().max(40, '证件号码过长').optional(),
  /** Same-tab signing: the path of this site the signing page leads back to. */
  returnUrl: ReturnPathSchema.optional(),
})
export type SignUrlQuery = z.infer<typeof SignUrlQuerySchema>

export const SignFileQuerySchema = z.object({
  fileId: z
    .string({ error: '缺少文件编号' })
    .min(1, '缺少文件编号')
    .max(32, '文件编号无效'),
})

/** One item of the /ca/sign/file answer; the signed file comes first. */
export const SignedFileItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  fullurl: z.string(),
})
export type SignedFileItem = z.infer<typeof SignedFileItemSchema>

export const SignInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  fullurl: z.string(),
  btnText: z.string().optional(),
  linkText: z.string().optional(),
  linkUrl: z.string().optional(),
  signType: z.string().optional(),
  delaySign: z.boolean().optional(),
  // Spelt as the original protocol spells it (spec §3).
  noReresh: z.boolean().optional(),
})
export type SignInfo = z.infer<typeof SignInfoSchema>
