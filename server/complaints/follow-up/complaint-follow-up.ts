import type { Kysely } from 'kysely'

import type {
  ComplaintAccess,
  ComplaintStatus,
  TranscriptDetail,
} from '#common/schemas/complaint/complaint-follow-up.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import type { ComplaintRow, Database } from '#server/db/schema.ts'
import { fileUrl } from '#server/files/file-record.ts'
import { documentLabel } from '#server/complaints/complaint-documents.ts'
import { Refusal } from '#server/shared/refusal.ts'
import {
  findComplaintByNo,
  findComplaintByQueryCodeHash,
  insertComplaintEvent,
} from '#server/complaints/complaint-repository.ts'
import {
  type ComplaintDeps,
  performComplaintAction,
} from '#server/complaints/complaint-service.ts'
import { ensureFilingReceipt } from '#server/complaints/filing-receipt.ts'
import { buildComplaintStatus } from './complaint-view.ts'
import {
  findComplaintDocument,
  findVisibleTranscript,
  insertDocumentReceipt,
} from './follow-up-repository.ts'
import {
  hashQueryCode,
  isQueryCodeMatch,
} from '#server/complaints/query-code.ts'
import { officialCalendar } from '#server/complaints/working-calendar.ts'

/** One message for an unknown number and a wrong code: the answer must not tell which. */
const MSG_NO_ACCESS = '投诉编号或查询码不正确'
// A hash no code has, compared when the number is unknown so both paths take the same time.
const DUMMY_HASH = '0'.repeat(64)

const nowOf = (deps: Pick<ComplaintDeps, 'now'>) =>
  (deps.now ?? (() => new Date()))()

// A 回执 the filing could not make is made when the complainant first looks; should it fail
// again, the status is still shown.
async function issueMissingReceipt(
  db: Kysely<Database>,
  deps: ComplaintDeps,
  c: ComplaintRow,
) {
  try {
    await ensureFilingReceipt(db, deps, c)
  } catch (error) {
    deps.log?.warn(
      { err: error, complaintNo: c.complaintNo },
      'filing receipt not issued',
    )
  }
}

async function authenticateComplaint(
  db: Kysely<Database>,
  access: ComplaintAccess,
): Promise<ComplaintRow> {
  const c = await findComplaintByNo(db, access.complaintNo)
  const isMatch = isQueryCodeMatch(
    access.queryCode,
    c?.queryCodeHash ?? DUMMY_HASH,
  )
  if (!c || !isMatch) throw new Refusal(404, MSG_NO_ACCESS)
  return c
}

export async function queryComplaintByNumber(
  db: Kysely<Database>,
  deps: ComplaintDeps,
  access: ComplaintAccess,
): Promise<ComplaintStatus> {
  const c = await authenticateComplaint(db, access)
  await issueMissingReceipt(db, deps, c)
  return buildComplaintStatus(
    db,
    c,
    nowOf(deps),
    deps.calendar ?? officialCalendar(),
  )
}

// The number must belong to the phone whose SMS code the caller verified.
export async function queryComplaintByPhone(
  db: Kysely<Database>,
  deps: ComplaintDeps,
  complaintNo: string,
  phone: string,
): Promise<ComplaintStatus> {
  const c = await findComplaintByNo(db, complaintNo)
  if (!c || c.contactPhone !== phone)
    throw new Refusal(404, '投诉编号与联系电话不匹配')
  await issueMissingReceipt(db, deps, c)
  return buildComplaintStatus(
    db,
    c,
    nowOf(deps),
    deps.calendar ?? officialCalendar(),
  )
}

// Looked up by its hash, never compared as text.
export async function queryComplaintByCode(
  db: Kysely<Database>,
  deps: ComplaintDeps,
  queryCode: string,
): Promise<ComplaintStatus> {
  const c = await findComplaintByQueryCodeHash(db, hashQueryCode(queryCode))
  if (!c) throw new Refusal(404, '查询码不正确')
  await issueMissingReceipt(db, deps, c)
  return buildComplaintStatus(
    db,
    c,
    nowOf(deps),
    deps.calendar ?? officialCalendar(),
  )
}

export async function signDocumentReceipt(
  db: Kysely<Database>,
  deps: Pick<ComplaintDeps, 'now'>,
  access: ComplaintAccess,
  documentId: number,
  signerName: string,
): Promise<{ documentId: number; signedAt: string }> {
  const c = await authenticateComplaint(db, access)
  const doc = await findComplaintDocument(db, c.id, documentId)
  if (!doc) throw new Refusal(404, '该文书不存在')
  if (doc.needsReceipt !== 1) throw new Refusal(409, '该文书无需签收')
  const signedAt = toShanghaiText(nowOf(deps))
  await db.transaction().execute(async (trx) => {
    const isInserted = await insertDocumentReceipt(trx, {
      documentId,
      signerName,
      signedAt,
    })
    if (!isInserted) throw new Refusal(409, '该文书已签收，无需重复签收')
    await insertComplaintEvent(trx, {
      complaintId: c.id,
      type: 'sign-receipt',
      fromState: c.state,
      toState: c.state,
      actorKind: 'complainant',
      actorName: signerName,
      reason: `签收《${documentLabel(doc.kind)}》`,
      documentId,
      occurredAt: signedAt,
    })
  })
  return { documentId, signedAt }
}

export async function findTranscriptDetail(
  db: Kysely<Database>,
  access: ComplaintAccess,
  transcriptId: number,
): Promise<TranscriptDetail> {
  const c = await authenticateComplaint(db, access)
  const t = await findVisibleTranscript(db, c.id, transcriptId)
  if (!t) throw new Refusal(404, '该调查笔录不存在或未向投诉人公开')
  return {
    id: Number(t.id),
    title: t.title,
    place: t.place,
    interviewee: t.interviewee,
    interviewer: t.interviewer,
    occurredAt: t.occurredAt,
    content: t.content,
    document:
      t.documentId && t.fileId && t.fileName && t.issuedAt
        ? {
            id: Number(t.documentId),
            kind: 'transcript',
            label: documentLabel('transcript'),
            fileName: t.fileName,
            url: fileUrl(t.fileId, t.fileName),
            issuedAt: t.issuedAt,
            isSealed: t.isSealed === 1,
            needsReceipt: t.needsReceipt === 1,
            receiptSignedAt: t.signedAt ?? null,
          }
        : null,
  }
}

export async function answerMaterialRequest(
  db: Kysely<Database>,
  deps: ComplaintDeps,
  access: ComplaintAccess,
  answer: { requestId: number; answerText: string; fileIds: string[] },
) {
  const c = await authenticateComplaint(db, access)
  return performComplaintAction(
    db,
    deps,
    c.complaintNo,
    'answer-material',
    { kind: 'complainant', name: c.contactName },
    answer,
  )
}

// Revoked at once (撤回投诉) before the department signs for it; afterwards a request to withdraw
// (申请撤回投诉).
export async function applyForWithdrawal(
  db: Kysely<Database>,
  deps: ComplaintDeps,
  access: ComplaintAccess,
  request: { reason: string; fileIds: string[] },
) {
  const c = await authenticateComplaint(db, access)
  return performComplaintAction(
    db,
    deps,
    c.complaintNo,
    c.state === 'submitted' ? 'revoke' : 'apply-withdrawal',
    { kind: 'complainant', name: c.contactName },
    request,
  )
}
