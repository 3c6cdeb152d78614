import { z } from 'zod'

import {
  COMPLAINANT_TYPES,
  COMPLAINT_CLOCK_PAUSE_KINDS,
  COMPLAINT_CONCLUSIONS,
  COMPLAINT_DOCUMENT_KINDS,
  COMPLAINT_PARTY_ROLES,
  COMPLAINT_STATES,
  COMPLAINT_TYPES,
} from '#common/constants/statute.ts'
import {
  QUERY_CODE_ALPHABET,
  QUERY_CODE_CHARACTERS,
  QUERY_CODE_LENGTH,
} from '#common/constants/query-code.ts'
import { creditCodeProblem } from '#common/schemas/credit.ts'
import { idCardNumberProblem } from '#common/schemas/id-card-number.ts'

/*
 * Limits and messages are ours where the spec is silent (§5: "Complaint form field rules: not
 * shown").
 */

export const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((item) => item.value) as unknown as [
    T[number]['value'],
    ...T[number]['value'][],
  ]

export const text = (label: string, max: number, min = 1) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(min, min <= 1 ? `请填写${label}` : `${label}不能少于${min}个字`)
    .max(max, `${label}不能超过${max}个字`)

export const optionalText = (label: string, max: number) =>
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
export const DateTimeText = z.string()

export const MobilePhoneSchema = z
  .string({ error: '请填写手机号码' })
  .trim()
  .regex(/^1[3-9]\d{9}$/, '请填写正确的11位手机号码')

/**
 * Why a party's 证件号码 (trimmed, upper case) is not one, in Chinese; null when it is. A natural
 * person's is the 身份证号码 (GB 11643-1999), anyone else's the 统一社会信用代码 (GB 32100-2015).
 */
export function partyIdNumberProblem(
  isPerson: boolean,
  idNumber: string,
): string | null {
  if (idNumber === '')
    return isPerson ? '请填写身份证号码' : '请填写统一社会信用代码'
  return isPerson ? idCardNumberProblem(idNumber) : creditCodeProblem(idNumber)
}

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

// The query code's words, for the schema's users; a page may take them from the constants alone.
export { QUERY_CODE_ALPHABET, QUERY_CODE_CHARACTERS, QUERY_CODE_LENGTH }

// Spaces (half and full width) and hyphens or dashes a person puts between groups.
const QUERY_CODE_SEPARATORS = /[\s\-\u2010-\u2015\u2212\u30fc]/g

/**
 * A query code as a person types or pastes it (ABCD-EFGH-JKMN, abcd efgh jkmn, full-width
 * letters) in the form it is issued in: half-width capitals, no separators.
 */
export function normalizeQueryCode(text: string): string {
  return text.normalize('NFKC').replace(QUERY_CODE_SEPARATORS, '').toUpperCase()
}

export function groupQueryCode(code: string): string[] {
  return code.match(/.{1,4}/g) ?? []
}

export const msgQueryCodeCharacter = (character: string) =>
  `查询码中不会出现“${character}”：查询码由${QUERY_CODE_CHARACTERS}组成，请核对后重新输入`
const msgQueryCodeLength = (length: number) =>
  `查询码应为${QUERY_CODE_LENGTH}位${QUERY_CODE_CHARACTERS}，您输入了${length}位（空格和短横线不计），请核对后重新输入`

export const QueryCodeSchema = z
  .string({ error: '请填写查询码' })
  .transform(normalizeQueryCode)
  .superRefine((code, ctx) => {
    if (code === '') {
      ctx.addIssue({ code: 'custom', message: '请填写查询码' })
      return
    }
    const stranger = Array.from(code).find(
      (c) => !QUERY_CODE_ALPHABET.includes(c),
    )
    if (stranger !== undefined)
      ctx.addIssue({ code: 'custom', message: msgQueryCodeCharacter(stranger) })
    else if (code.length !== QUERY_CODE_LENGTH)
      ctx.addIssue({
        code: 'custom',
        message: msgQueryCodeLength(Array.from(code).length),
      })
  })

export const SmsCodeSchema = z
  .string({ error: '请填写短信验证码' })
  .trim()
  .regex(/^\d{6}$/, '短信验证码应为6位数字')

export const NO_MARKUP = /<\s*[a-z!/?]/i
