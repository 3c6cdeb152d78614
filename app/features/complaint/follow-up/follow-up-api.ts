import type { RegionalHttpClient } from '#app/api/regional-http-client.ts'
import type {
  ComplaintAccess,
  ComplaintStatus,
  TranscriptDetail,
} from '#common/schemas/complaint/complaint-follow-up.ts'

/** The complainant's follow-up calls (spec §7), each with the number and query code. */
export const FOLLOW_UP_PATHS = {
  byNumber: '/api/xjslts/tsbhcx',
  byCode: '/api/xjslts/cxmcx',
  receipt: '/api/xjslts/receipt/sign',
  transcript: '/api/xjslts/bilu/detail',
  material: '/api/xjslts/tscshsb',
  withdraw: '/api/xjslts/revoke/apply',
  materialUpload: '/api/xjslts/complaint/file/cfs',
} as const

export function queryByNumber(
  client: RegionalHttpClient,
  access: ComplaintAccess,
) {
  return client.get<ComplaintStatus>(FOLLOW_UP_PATHS.byNumber, access)
}

export function queryByCode(client: RegionalHttpClient, queryCode: string) {
  return client.get<ComplaintStatus>(FOLLOW_UP_PATHS.byCode, { queryCode })
}

export function signReceipt(
  client: RegionalHttpClient,
  body: ComplaintAccess & { documentId: number; signerName: string },
) {
  return client.post(FOLLOW_UP_PATHS.receipt, body)
}

export function readTranscript(
  client: RegionalHttpClient,
  query: ComplaintAccess & { transcriptId: number },
) {
  return client.get<TranscriptDetail>(FOLLOW_UP_PATHS.transcript, query)
}

/** spec §7 names tscshsb a GET: the answer travels in the query, file ids comma-joined. */
export function answerMaterialRequest(
  client: RegionalHttpClient,
  query: ComplaintAccess & {
    requestId: number
    answerText: string
    fileIds: string[]
  },
) {
  return client.get(FOLLOW_UP_PATHS.material, {
    ...query,
    fileIds: query.fileIds.join(','),
  })
}

export function applyWithdrawal(
  client: RegionalHttpClient,
  body: ComplaintAccess & { reason: string; fileIds: string[] },
) {
  return client.post(FOLLOW_UP_PATHS.withdraw, body)
}
