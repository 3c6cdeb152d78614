import { createHash } from 'node:crypto'

import type { Kysely } from 'kysely'

import { MSG_CLIENT_KEY_CONTENT_DIFFERS } from '#common/messages.ts'
import type {
  ComplaintApplication,
  ComplaintFiled,
} from '#common/schemas/complaint/complaint-filing.ts'
import {
  findComplaintByFormFile,
  findExistingFileIds,
} from '#server/complaints/complaint-repository.ts'
import { fileComplaint } from '#server/complaints/file-complaint.ts'
import { isUniqueViolation } from '#server/db/database.ts'
import type { Database } from '#server/db/schema.ts'
import { SEAL_REFUSED_STATE } from '#common/constants/protocol.ts'
import {
  checkSeal,
  type SealCheck,
  sealDifferences,
} from '#server/signing/seal-check.ts'
import { describeDifferences } from '#server/signing/seal-holder.ts'
import {
  fromShanghaiText,
  toShanghaiText,
} from '#server/shared/publish-time.ts'
import {
  draftSha256,
  MSG_FILES_MISSING,
  toLetterHolder,
} from './complaint-form.ts'
import { findComplaintForm } from './complaint-form-repository.ts'
import {
  findSubmissionByClientKeyHash,
  insertComplaintSubmission,
} from './complaint-submission-repository.ts'
import {
  ACKNOWLEDGEMENT_KEEP_MS,
  clientKeyHash,
  openAcknowledgement,
  sealAcknowledgement,
} from './filing-acknowledgement.ts'
import type { ExpiringStore } from '#server/shared/expiring-store.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { checkSmsCode, consumeSmsCode } from './sms-codes.ts'

export const MSG_FORM_UNKNOWN = '投诉书无效，请重新生成投诉书'
export const MSG_FORM_CHANGED =
  '投诉内容在生成投诉书后有改动，请重新生成投诉书并签章'
export const MSG_FORM_NOT_SEALED =
  '投诉书尚未加盖投诉人的电子印章，请点击“重新签章”完成签章后再提交'
export const msgFormSealedByAnother = (differences: string) =>
  `投诉书上的电子印章不是投诉人的：${differences}。请点击“重新签章”，以投诉人的电子印章签章后再提交`
const MSG_FILING_IN_PROGRESS = '投诉正在提交，请勿重复提交'
export const MSG_FORM_ALREADY_FILED = '该投诉书已提交，请勿重复提交'

export const msgAcknowledgementForgotten = (
  complaintNo: string,
  submittedAt: string,
) =>
  `该投诉已于${submittedAt.slice(0, 16)}提交，投诉编号${complaintNo}。查询码已通过短信发送至联系电话；如已遗失，可凭投诉编号、联系电话和短信验证码查询办理进度。`

const LOCK_MS = 60_000

export type SubmitDeps = {
  db: Kysely<Database>
  store: ExpiringStore
  log?: { warn(object: object, message: string): void }
  now?: () => Date
  wakeSmsOutbox?: () => void
}

async function resolveForm(db: Kysely<Database>, fileId: string) {
  const seal = await checkSeal(db, fileId)
  const form = await findComplaintForm(db, seal.originalFileId)
  return form ? { seal, form } : undefined
}

// The State tells the page to offer 重新签章.
function requireComplainantsSeal(
  seal: SealCheck,
  form: Parameters<typeof toLetterHolder>[0],
): asserts seal is SealCheck & { sealedFileId: string } {
  const holder = toLetterHolder(form)
  const verdict = sealDifferences(seal, holder)
  if (verdict === 'unsealed' || !seal.sealedFileId || !seal.sealedBy)
    throw new Refusal(400, MSG_FORM_NOT_SEALED, { state: SEAL_REFUSED_STATE })
  if (verdict.length > 0)
    throw new Refusal(
      400,
      msgFormSealedByAnother(
        describeDifferences(holder, seal.sealedBy, '电子印章', verdict),
      ),
      { state: SEAL_REFUSED_STATE },
    )
}

// The same number and query code, whatever happened to the first answer (lost on the way, the
// process killed between commit and reply).
async function answerAgain(
  deps: SubmitDeps,
  clientKey: string,
  contentSha256: string,
): Promise<Omit<ComplaintFiled, 'receipt'> | undefined> {
  const filed = await findSubmissionByClientKeyHash(
    deps.db,
    clientKeyHash(clientKey),
  )
  if (!filed) return undefined
  if (filed.contentSha256 !== contentSha256)
    throw new Refusal(409, MSG_CLIENT_KEY_CONTENT_DIFFERS)
  const now = toShanghaiText((deps.now ?? (() => new Date()))())
  const queryCode =
    filed.acknowledgement && filed.acknowledgementUntil > now
      ? openAcknowledgement(clientKey, filed.complaintNo, filed.acknowledgement)
      : null
  if (!queryCode)
    throw new Refusal(
      409,
      msgAcknowledgementForgotten(filed.complaintNo, filed.submittedAt),
    )
  return { complaintNo: filed.complaintNo, queryCode }
}

// Everything is checked before anything is used up or stored, then filed in one durable
// transaction: once the answer leaves, it can be given again.
export async function submitComplaint(
  deps: SubmitDeps,
  application: ComplaintApplication,
): Promise<Omit<ComplaintFiled, 'receipt'>> {
  const {
    formFileId: _formFileId,
    smsCode: _smsCode,
    clientKey,
    ...draft
  } = application
  // What the key stands for: everything sent but the SMS code, which a resend may renew.
  const contentSha256 = createHash('sha256')
    .update(JSON.stringify({ ...draft, formFileId: application.formFileId }))
    .digest('hex')
  const answer = await answerAgain(deps, clientKey, contentSha256)
  if (answer) return answer

  const resolved = await resolveForm(deps.db, application.formFileId)
  if (!resolved) throw new Refusal(400, MSG_FORM_UNKNOWN)
  const { form, seal } = resolved
  if (form.draftSha256 !== draftSha256(draft))
    throw new Refusal(400, MSG_FORM_CHANGED)
  // One filing per form: a second click while the first runs is told so; a form filed with
  // another client key is refused whatever the SMS code (the complainant learns it is filed).
  const key = `filing:${form.fileId}`
  if ((await deps.store.get(key)) !== null)
    throw new Refusal(409, MSG_FILING_IN_PROGRESS)
  // Filed already: by this key while this request was checking (the same answer), or by
  // another key.
  const filedBefore = async () => {
    const again = await answerAgain(deps, clientKey, contentSha256)
    if (again) return again
    throw new Refusal(409, MSG_FORM_ALREADY_FILED)
  }
  if (
    seal.sealedFileId &&
    (await findComplaintByFormFile(deps.db, seal.sealedFileId))
  )
    return filedBefore()

  const sms = {
    phone: application.contact.phone,
    purpose: 'complaint-filing' as const,
    code: application.smsCode,
  }
  await checkSmsCode(deps.store, sms)
  requireComplainantsSeal(seal, form)
  const sealedFileId = seal.sealedFileId
  const fileIds = [
    ...application.evidenceFileIds,
    ...(application.objection?.fileIds ?? []),
  ]
  if (
    (await findExistingFileIds(deps.db, fileIds)).size !== new Set(fileIds).size
  )
    throw new Refusal(400, MSG_FILES_MISSING)

  if (!(await deps.store.setIfAbsent(key, 'pending', LOCK_MS)))
    throw new Refusal(409, MSG_FILING_IN_PROGRESS)
  try {
    if (await findComplaintByFormFile(deps.db, sealedFileId))
      return await filedBefore()
    await consumeSmsCode(deps.store, sms)
    const filed = await fileComplaint(
      deps.db,
      { log: deps.log, now: deps.now },
      { ...application, formFileId: sealedFileId },
      (trx, { complaintId, complaintNo, queryCode, stamp }) =>
        insertComplaintSubmission(trx, {
          complaintId,
          clientKeyHash: clientKeyHash(clientKey),
          formFileId: sealedFileId,
          contentSha256,
          acknowledgement: sealAcknowledgement(clientKey, {
            complaintNo,
            queryCode,
          }),
          acknowledgementUntil: toShanghaiText(
            new Date(
              fromShanghaiText(stamp).getTime() + ACKNOWLEDGEMENT_KEEP_MS,
            ),
          ),
          submittedAt: stamp,
        }),
    ).catch((error: unknown) => {
      // Another process filed this key or this form first (the lock above is per process
      // without Redis): the database's unique keys kept the second filing out.
      if (isUniqueViolation(error)) return filedBefore()
      throw error
    })
    deps.wakeSmsOutbox?.()
    return filed
  } finally {
    await deps.store.delete(key)
  }
}
