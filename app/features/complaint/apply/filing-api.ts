import type {
  RegionalHttpClient,
  RegionalPageResult,
} from '#app/api/regional-http-client.ts'
import type {
  ComplaintApplicationInput,
  ComplaintFiled,
} from '#common/schemas/complaint/complaint-filing.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'

/** The regional paths of filing (spec §7). */
export const FILING_PATHS = {
  projects: '/api/xjslts/tender/project/page',
  captcha: '/api/xjslts/img/code',
  smsCode: '/api/xjslts/sms/code',
  evidence: '/api/xjslts/complaint/file/cfs',
  formPdf: '/api/xjslts/complaint/form',
  submit: '/api/xjslts/zxtstj',
} as const

export type TenderProject = { id: string; name: string; code: string }

type ProjectRow = Record<string, unknown>
const textOf = (value: unknown) =>
  value === undefined || value === null ? '' : String(value)

/** One page of tendered projects matching a keyword, for the project picker. */
export async function searchProjects(
  client: RegionalHttpClient,
  keyword: string,
): Promise<TenderProject[]> {
  const page = await client.get<RegionalPageResult<ProjectRow>>(
    FILING_PATHS.projects,
    { pageNo: 1, pageSize: 20, keyword: keyword.trim() || undefined },
  )
  return page.data.map((row) => ({
    id: textOf(row.id),
    name: textOf(row.name ?? row.projectName),
    code: textOf(row.code ?? row.projectCode),
  }))
}

/** A new captcha: its id (`t`) and its image as an object URL. */
export async function loadCaptcha(client: RegionalHttpClient) {
  const id = crypto.randomUUID()
  const image = await client.getBlob(FILING_PATHS.captcha, { t: id })
  return { id, url: URL.createObjectURL(image) }
}

export function sendSmsCode(
  client: RegionalHttpClient,
  body: { phone: string; captchaId: string; captcha: string },
) {
  return client.post<{ resendAfterSeconds?: number }>(FILING_PATHS.smsCode, {
    ...body,
    purpose: 'complaint-filing',
  })
}

/** The complaint form (PDF) generated from the application, to be sealed. */
export function generateComplaintForm(
  client: RegionalHttpClient,
  application: Omit<ComplaintApplicationInput, 'formFileId' | 'smsCode'>,
) {
  return client.post<FileRecord>(FILING_PATHS.formPdf, application)
}

export function submitComplaint(
  client: RegionalHttpClient,
  application: ComplaintApplicationInput,
) {
  return client.post<ComplaintFiled>(FILING_PATHS.submit, application)
}
