import { z } from 'zod'

/* Errors: a stable code for programs and a Chinese message for people (docs/api/ocds.md). */

export const OCDS_PAGE_SIZE = 100
const OCDS_MAX_PAGE = 1_000_000

export const OCDS_ERRORS = {
  invalid_since:
    'since 参数格式错误：应为日期（如 2026-01-01，按北京时间零点）或带时区的 RFC 3339 时间（如 2026-01-01T08:00:00+08:00）',
  invalid_page: `page 参数应为 1 至 ${OCDS_MAX_PAGE} 之间的整数`,
  invalid_after:
    'after 参数格式错误：应为上一页 links.next 给出的位置（如 20261124T101500.123），且不能与 page 同时使用',
  no_releases: '该时间之后没有发布的数据',
  page_out_of_range: '页码超出范围：该页没有数据',
  unknown_ocid: '未找到该开放合同编号（ocid）对应的交易项目',
  unknown_year: '没有该年度的批量下载文件',
  not_found: '开放数据接口没有该地址',
  bad_request: '请求参数错误',
  rate_limited: '请求过于频繁，请稍后再试',
  internal_error: '服务器繁忙，请稍后再试',
} as const
export type OcdsErrorCode = keyof typeof OCDS_ERRORS

/** Every error of /ocds/: `{ code, message }` with a 4xx (or, never expected, a 5xx) status. */
export const OcdsErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
})

const SHANGHAI_OFFSET_MS = 8 * 3_600_000

function shanghaiText(ms: number): string {
  const whole = Math.ceil(ms / 1000) * 1000
  return new Date(whole + SHANGHAI_OFFSET_MS)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ')
}

const sinceDate = z.iso.date()
const sinceDateTime = z.iso.datetime({ offset: true })

/**
 * `since`: a date (00:00 Beijing time that day) or an RFC 3339 date-time with its offset (Z or
 * ±hh:mm), as the portal stores times: 'YYYY-MM-DD HH:mm:ss' in Beijing time. A fraction of a
 * second counts up: no release of an earlier second is included.
 */
const OcdsSinceSchema = z
  .string({ error: OCDS_ERRORS.invalid_since })
  .trim()
  .refine(
    (text) =>
      sinceDate.safeParse(text).success ||
      sinceDateTime.safeParse(text).success,
    OCDS_ERRORS.invalid_since,
  )
  .transform((text, ctx) => {
    const ms = sinceDate.safeParse(text).success
      ? Date.parse(`${text}T00:00:00+08:00`)
      : Date.parse(text)
    const year = Number.isNaN(ms) ? NaN : new Date(ms).getUTCFullYear()
    if (!(year >= 1000 && year <= 9998)) {
      ctx.addIssue({ code: 'custom', message: OCDS_ERRORS.invalid_since })
      return z.NEVER
    }
    return shanghaiText(ms)
  })

const textOfTime = (time: string) =>
  `${time.slice(0, 4)}-${time.slice(4, 6)}-${time.slice(6, 8)} ${time.slice(9, 11)}:${time.slice(11, 13)}:${time.slice(13, 15)}`

/**
 * `after`: where the previous page ended, as its `links.next` gives it: the release's time
 * (Beijing, YYYYMMDDTHHmmss) and its number in the release log. A position written before the
 * log (time, kind of change 1–4, announcement's or project's id) is still taken.
 */
export const OcdsAfterSchema = z
  .string({ error: OCDS_ERRORS.invalid_after })
  .regex(/^\d{8}T\d{6}\.(\d{1,12}|[1-4]\.\d{1,9})$/, OCDS_ERRORS.invalid_after)
  .transform((text) => {
    const [time = '', first = '', second] = text.split('.')
    const date = textOfTime(time)
    return second === undefined
      ? { date, seq: Number(first) }
      : { date, kind: Number(first), refId: Number(second) }
  })
export type OcdsAfter = z.output<typeof OcdsAfterSchema>

export function ocdsAfterText(after: { date: string; seq: number }): string {
  return `${after.date.replace(/[-:]/g, '').replace(' ', 'T')}.${after.seq}`
}

export const OcdsReleasesQuerySchema = z
  .object({
    since: OcdsSinceSchema.optional(),
    page: z.coerce
      .number({ error: OCDS_ERRORS.invalid_page })
      .int(OCDS_ERRORS.invalid_page)
      .min(1, OCDS_ERRORS.invalid_page)
      .max(OCDS_MAX_PAGE, OCDS_ERRORS.invalid_page)
      .optional(),
    after: OcdsAfterSchema.optional(),
  })
  .refine((query) => query.page === undefined || query.after === undefined, {
    path: ['after'],
    message: OCDS_ERRORS.invalid_after,
  })

/** /ocds/records/<ocid>: any text; one that names no project is an unknown ocid (404). */
export const OcdsRecordParamsSchema = z.object({
  ocid: z.string().max(200),
})

/** /ocds/bulk/<year>.jsonl.gz; any other name is an unknown year (404). */
export const OcdsBulkParamsSchema = z.object({
  file: z.string().max(100),
})
export const OCDS_BULK_FILE = /^(\d{4})\.jsonl\.gz$/
