import { type Kysely } from 'kysely'

import {
  type ComplaintApplication,
  type ComplaintFiled,
} from '#common/schemas/complaint/complaint-filing.ts'
import {
  findComplaintByFormFile,
  findExistingFileIds,
} from '#server/complaints/complaint-repository.ts'
import { fileComplaint } from '#server/complaints/file-complaint.ts'
import { type Database } from '#server/db/schema.ts'
import { checkSeal } from '#server/signing/seal-check.ts'
import { type SmsSender } from '#server/shared/sms-sender.ts'
import { draftSha256, MSG_FILES_MISSING } from './complaint-form.ts'
import { findComplaintForm } from './complaint-form-repository.ts'
import { type ExpiringStore } from '#server/shared/expiring-store.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { checkSmsCode, consumeSmsCode } from './sms-codes.ts'

export const MSG_FORM_UNKNOWN = '投诉书无效，请重新生成投诉书'
export const MSG_FORM_CHANGED =
  '投诉内容在生成投诉书后有改动，请重新生成投诉书并签章'
export const MSG_FORM_NOT_SEALED = '投诉书尚未由投诉人签章，请先完成电子签章'
export const MSG_FILING_IN_PROGRESS = '投诉正在提交，请勿重复提交'
export const MSG_FORM_ALREADY_FILED = '该投诉书已提交，请勿重复提交'

/** How long a filed answer is given again to the same form (a double click, a lost reply). */
const FILED_ANSWER_MS = 10 * 60_000
const LOCK_MS = 60_000

export type SubmitDeps = {
  db: Kysely<Database>
  store: ExpiringStore
  sms: SmsSender
  log?: { warn(object: object, message: string): void }
  now?: () => Date
}

/**
 * The form generated here and what the signing area knows of its seal, from the id of the
 * form or of a sealed copy.
 */
async function resolveForm(
  db: Kysely<Database>,
  fileId: string,
  signerName: string,
) {
  const seal = await checkSeal(db, fileId, signerName)
  const form = await findComplaintForm(db, seal.originalFileId)
  return form ? { ...seal, form } : undefined
}

/**
 * Files the online complaint (POST /xjApi/api/xjslts/zxtstj) in one pass down the layers, from
 * the application its route validated (ComplaintApplicationSchema): this part checks, the
 * signing area answers whether the form is sealed, the complaint core files. Checked before
 * anything is used up or stored, in this order: the form (generated here from this very draft),
 * the SMS code of the contact phone, the form's seal by the complainant, the evidence and
 * objection files. Then the SMS code is used up and the core's fileComplaint stores the complaint
 * in one transaction. Any refusal leaves the database as it was.
 */
export async function submitComplaint(
  deps: SubmitDeps,
  application: ComplaintApplication,
): Promise<ComplaintFiled> {
  const { formFileId: _formFileId, smsCode: _smsCode, ...draft } = application
  const sha256 = draftSha256(draft)
  const resolved = await resolveForm(
    deps.db,
    application.formFileId,
    application.complainant.name,
  )
  if (!resolved) throw new Refusal(400, MSG_FORM_UNKNOWN)
  const { form, sealedFileId, isSealedBySigner } = resolved
  if (form.draftSha256 !== sha256) throw new Refusal(400, MSG_FORM_CHANGED)
  // One filing per form: a second click while the first runs is told so; after it, the same
  // form with the same draft gets the same answer for ten minutes (its SMS code is used up).
  const key = `filing:${form.fileId}`
  const held = await deps.store.get(key)
  if (held === 'pending') throw new Refusal(409, MSG_FILING_IN_PROGRESS)
  if (held) return JSON.parse(held) as ComplaintFiled

  const sms = {
    phone: application.contact.phone,
    purpose: 'complaint-filing' as const,
    code: application.smsCode,
  }
  await checkSmsCode(deps.store, sms)
  if (!sealedFileId || !isSealedBySigner)
    throw new Refusal(400, MSG_FORM_NOT_SEALED)
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
    const isFiled = await findComplaintByFormFile(deps.db, sealedFileId)
    if (isFiled) throw new Refusal(409, MSG_FORM_ALREADY_FILED)
    await consumeSmsCode(deps.store, sms)
    const filed = await fileComplaint(
      deps.db,
      { sms: deps.sms, log: deps.log, now: deps.now },
      { ...application, formFileId: sealedFileId },
    )
    await deps.store.set(key, JSON.stringify(filed), FILED_ANSWER_MS)
    return filed
  } catch (error) {
    await deps.store.delete(key)
    throw error
  }
}
