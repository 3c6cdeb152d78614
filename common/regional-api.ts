import type { z } from 'zod'

import type {
  ComplaintApplication,
  ComplaintDraft,
  ComplaintFiled,
} from './schemas/complaint/complaint-filing.ts'
import type {
  ComplaintCodeQuerySchema,
  ComplaintNumberQuery,
  ComplaintStatus,
  MaterialAnswerSchema,
  ReceiptSignSchema,
  TranscriptDetail,
  TranscriptQuerySchema,
  WithdrawalApplySchema,
} from './schemas/complaint/complaint-follow-up.ts'
import type {
  CaptchaQuerySchema,
  SmsCodeRequest,
  TenderProject,
  TenderProjectQuery,
} from './schemas/complaint/complaint-verification.ts'
import type { FileRecord } from './schemas/file-record.ts'
import type {
  SignedFileItem,
  SignFileQuerySchema,
  SignUrlQuery,
} from './schemas/signing.ts'

export type RegionalPage<T> = {
  data: T[]
  page: { pageNo: number; pageSize: number; total: number }
}

export type UploadOptions = {
  /** The percent sent so far, 0-100; 100 once the server has answered. */
  onProgress?: (percent: number) => void
  /** Aborting it stops the upload; the call then rejects with the signal's reason. */
  signal?: AbortSignal
}

export type SmsCodeSent = {
  resendAfterSeconds: number
  expiresInSeconds: number
}

/**
 * Requests are the parsed forms of the zod schemas in common/. A failed call rejects after the
 * client has told the visitor why (a toast, or logout for an auth failure), except uploads,
 * whose message the upload field shows.
 */
export interface RegionalApi {
  /** GET img/code: the image captcha for the id `t`, as PNG bytes. */
  captchaImage(query: z.output<typeof CaptchaQuerySchema>): Promise<Blob>
  /**
   * GET img/code with kind=audio: the spoken alternative for the id `t`, as WAV bytes; it
   * replaces any image under that id and is answered the same way.
   */
  captchaAudio(query: z.output<typeof CaptchaQuerySchema>): Promise<Blob>
  /** POST sms/code: a code by SMS to the phone, once the image captcha is answered. */
  sendSmsCode(request: SmsCodeRequest): Promise<SmsCodeSent>
  /** GET tender/project/page: the tendered projects a complaint may be about, newest first. */
  tenderProjectPage(
    query: TenderProjectQuery,
  ): Promise<RegionalPage<TenderProject>>
  /** POST complaint/file/cfs: one evidence or material file, multipart. */
  uploadComplaintFile(file: File, options?: UploadOptions): Promise<FileRecord>
  /** POST complaint/form: the complaint letter (投诉书, PDF) drawn from the draft, to be sealed. */
  generateComplaintForm(draft: ComplaintDraft): Promise<FileRecord>
  /**
   * POST zxtstj: files the complaint with its sealed letter, the contact phone's SMS code and
   * the draft's client key. Safe to send again: a resend with the same key (after any failure)
   * is answered with the same number and query code and files nothing, so the HTTP client
   * resends by itself when no answer came.
   */
  submitComplaint(application: ComplaintApplication): Promise<ComplaintFiled>

  /** GET tsbhcx: a complaint by number, with its query code (or the phone and an SMS code). */
  queryComplaintByNumber(query: ComplaintNumberQuery): Promise<ComplaintStatus>
  /** GET cxmcx: a complaint by its query code alone. */
  queryComplaintByCode(
    query: z.output<typeof ComplaintCodeQuerySchema>,
  ): Promise<ComplaintStatus>
  /** POST receipt/sign: the complainant signs for a delivered document (送达回证). */
  signDocumentReceipt(
    receipt: z.output<typeof ReceiptSignSchema>,
  ): Promise<void>
  /** GET bilu/detail: one investigation transcript (调查笔录). */
  transcriptDetail(
    query: z.output<typeof TranscriptQuerySchema>,
  ): Promise<TranscriptDetail>
  /** GET tscshsb: the answer to a request for material (材料补正). */
  answerMaterialRequest(
    answer: z.output<typeof MaterialAnswerSchema>,
  ): Promise<void>
  /** POST revoke/apply: revokes before signing-for, or asks to withdraw before a decision. */
  applyForWithdrawal(
    request: z.output<typeof WithdrawalApplySchema>,
  ): Promise<void>

  /**
   * GET ca/sign/url: the address of the signing page for a file, to open in a new window;
   * the page hands the sealed file back to the regional API's own upload path.
   */
  signingPageUrl(file: Omit<SignUrlQuery, 'uploadUrl'>): Promise<string>
  /** GET ca/sign/file: the sealed copy first, then the original. */
  signedFiles(
    query: z.output<typeof SignFileQuerySchema>,
  ): Promise<SignedFileItem[]>
}
