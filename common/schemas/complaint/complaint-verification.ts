import { z } from 'zod'

import { MobilePhoneSchema } from './complaint-fields.ts'
import { PageQuerySchema } from '#common/schemas/paging.ts'

const MSG_CAPTCHA_ID = '验证码标识无效，请刷新验证码'

// A random value (a UUID) is best; a millisecond timestamp is accepted.
const CaptchaIdSchema = z
  .string({ error: MSG_CAPTCHA_ID })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, MSG_CAPTCHA_ID)

export const CaptchaQuerySchema = z.object({ t: CaptchaIdSchema })

/**
 * GET /api/xjslts/img/code: `kind=audio` asks for the spoken alternative (WAV) instead of the
 * image; without it, the image as before.
 */
export const CaptchaImageQuerySchema = CaptchaQuerySchema.extend({
  kind: z
    .enum(['image', 'audio'], { error: '验证码类型无效' })
    .default('image'),
})

/** The messages keep the wording the API has always answered. */
export const CaptchaAnswerSchema = z.object({
  captchaId: CaptchaIdSchema,
  captcha: z
    .string({ error: '请输入图形验证码' })
    .trim()
    .min(1, '请输入图形验证码')
    .max(8, '图形验证码错误，请重新输入'),
})

/** What a code is for: a code sent for one purpose is not accepted for another. */
export const SmsCodePurposeSchema = z
  .enum(['complaint-filing', 'complaint-query'], { error: '验证码用途无效' })
  .default('complaint-filing')
export type SmsCodePurpose = z.output<typeof SmsCodePurposeSchema>

/** POST /api/xjslts/sms/code: the phone to send to, with the solved image captcha. */
export const SmsCodeRequestSchema = CaptchaAnswerSchema.extend({
  phone: MobilePhoneSchema,
  purpose: SmsCodePurposeSchema,
})
export type SmsCodeRequest = z.infer<typeof SmsCodeRequestSchema>

export const SmsCodeSentSchema = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
})

export const TenderProjectQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100, '关键字不能超过100个字符').optional(),
})
export type TenderProjectQuery = z.output<typeof TenderProjectQuerySchema>

/** One choice of the project list; id, name and code go into the application's `project`. */
export const TenderProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  tenderer: z.string(),
  categoryName: z.string(),
  regionName: z.string(),
  stageName: z.string(),
  publishTime: z.string(),
})
export type TenderProject = z.infer<typeof TenderProjectSchema>
