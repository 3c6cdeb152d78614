import type {
  RegionalApi,
  RegionalPage,
  SmsCodeSent,
} from '#common/regional-api.ts'
import type { ComplaintFiled } from '#common/schemas/complaint/complaint-filing.ts'
import type {
  ComplaintStatus,
  TranscriptDetail,
} from '#common/schemas/complaint/complaint-follow-up.ts'
import type { TenderProject } from '#common/schemas/complaint/complaint-verification.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'
import type { SignedFileItem } from '#common/schemas/signing.ts'

import type { RegionalHttpClient } from './regional-http-client.ts'
import { fileRecordOf } from './upload-request.ts'

const PATHS = {
  captcha: '/api/xjslts/img/code',
  smsCode: '/api/xjslts/sms/code',
  tenderProjects: '/api/xjslts/tender/project/page',
  complaintFile: '/api/xjslts/complaint/file/cfs',
  complaintForm: '/api/xjslts/complaint/form',
  submit: '/api/xjslts/zxtstj',
  byNumber: '/api/xjslts/tsbhcx',
  byCode: '/api/xjslts/cxmcx',
  receipt: '/api/xjslts/receipt/sign',
  transcript: '/api/xjslts/bilu/detail',
  material: '/api/xjslts/tscshsb',
  withdrawal: '/api/xjslts/revoke/apply',
  signingUrl: '/api/xjslts/ca/sign/url',
  signedFile: '/api/xjslts/ca/sign/file',
  // Where the signing page hands the sealed file back (spec §7).
  signedUpload: '/api/xjslts/ca/sign/upload',
} as const

// Sent again after 1, 2 and 4 s: a restart takes about that.
const SUBMISSION_RESENDS = { resends: 3, pauseMs: 1000 }

// Tests hand in a double that answers these calls.
export type RegionalTransport = Pick<
  RegionalHttpClient,
  'base' | 'get' | 'getBlob' | 'post' | 'upload'
>

// The answer types are those our own server's regional routes send (server/regional),
// asserted here, the one place that knows the paths.
export function createRegionalHttpApi(client: RegionalTransport): RegionalApi {
  return {
    captchaImage: (query) => client.getBlob(PATHS.captcha, query),
    captchaAudio: (query) =>
      client.getBlob(PATHS.captcha, { ...query, kind: 'audio' }),
    sendSmsCode: (request) => client.post<SmsCodeSent>(PATHS.smsCode, request),
    tenderProjectPage: (query) =>
      client.get<RegionalPage<TenderProject>>(PATHS.tenderProjects, query),
    uploadComplaintFile: async (file, options) =>
      fileRecordOf(await client.upload(PATHS.complaintFile, file, options)),
    generateComplaintForm: (draft) =>
      client.post<FileRecord>(PATHS.complaintForm, draft),
    // The server answers a resend with the same client key as the first time (the number and
    // query code, filed once): a submission whose answer was lost on the way is sent again.
    submitComplaint: (application) =>
      client.post<ComplaintFiled>(
        PATHS.submit,
        application,
        SUBMISSION_RESENDS,
      ),

    queryComplaintByNumber: (query) =>
      client.get<ComplaintStatus>(PATHS.byNumber, query),
    queryComplaintByCode: (query) =>
      client.get<ComplaintStatus>(PATHS.byCode, query),
    signDocumentReceipt: async (receipt) => {
      await client.post(PATHS.receipt, receipt)
    },
    transcriptDetail: (query) =>
      client.get<TranscriptDetail>(PATHS.transcript, query),
    // spec §7 names tscshsb a GET: the answer travels in the query, file ids comma-joined.
    answerMaterialRequest: async (answer) => {
      await client.get(PATHS.material, {
        ...answer,
        fileIds: answer.fileIds.join(','),
      })
    },
    applyForWithdrawal: async (request) => {
      await client.post(PATHS.withdrawal, request)
    },

    signingPageUrl: (file) =>
      client.get<string>(PATHS.signingUrl, {
        uploadUrl: client.base + PATHS.signedUpload,
        ...file,
      }),
    signedFiles: (query) =>
      client.get<SignedFileItem[]>(PATHS.signedFile, query),
  }
}
