import type { Kysely, Transaction } from 'kysely'

import { PLATFORM_NAME } from '#common/constants/site.ts'
import type {
  ComplaintFiled,
  ComplaintFiling,
} from '#common/schemas/complaint/complaint-filing.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { durableTransaction } from '#server/db/database.ts'
import type { Database } from '#server/db/schema.ts'
import { Refusal } from '#server/shared/refusal.ts'
import {
  acceptanceDueDate,
  startOfNextDay,
} from '#server/complaints/complaint-deadlines.ts'
import {
  findExistingFileIds,
  insertComplaint,
  insertComplaintEvent,
  insertComplaintFiles,
  insertComplaintObjection,
  insertComplaintRespondents,
  nextDailySequence,
} from '#server/complaints/complaint-repository.ts'
import { sanitizeComplaintFacts } from '#server/complaints/complaint-facts.ts'
import {
  generateQueryCode,
  hashQueryCode,
} from '#server/complaints/query-code.ts'
import {
  officialCalendar,
  type WorkingCalendar,
} from '#server/complaints/working-calendar.ts'
import { queueSms } from '#server/complaints/sms-outbox.ts'

export type FileComplaintDeps = {
  now?: () => Date
  calendar?: WorkingCalendar
  log?: { warn(object: object, message: string): void }
}

type FiledComplaint = {
  complaintId: number
  complaintNo: string
  queryCode: string
  stamp: string
}

// 条例 art. 61. When the calendar cannot count the deadline the complaint is still taken: refusing
// it could cost the complainant his own period to complain. The recount at start fills it in.
function acceptanceClock(
  stamp: string,
  deps: FileComplaintDeps,
): { acceptanceDueDate: string | null; autoAcceptAt: string | null } {
  try {
    const due = acceptanceDueDate(stamp, deps.calendar ?? officialCalendar())
    return { acceptanceDueDate: due, autoAcceptAt: startOfNextDay(due) }
  } catch (error) {
    if (!(error instanceof Refusal)) throw error
    deps.log?.warn({ err: error }, 'acceptance deadline not counted at filing')
    return { acceptanceDueDate: null, autoAcceptAt: null }
  }
}

/** The daily sequence has four digits (architecture.md): 9999 complaints a day at most. */
const MAX_SEQUENCE = 9999

// Every file id is checked again: the files may have gone since. The query code is returned once;
// only its hash is kept.
export async function fileComplaint(
  db: Kysely<Database>,
  deps: FileComplaintDeps,
  filing: ComplaintFiling,
  record?: (trx: Transaction<Database>, filed: FiledComplaint) => Promise<void>,
): Promise<Omit<ComplaintFiled, 'receipt'>> {
  const factsHtml = await sanitizeComplaintFacts(filing.factsHtml)
  const objectionFileIds = filing.objection?.fileIds ?? []
  const fileIds = [
    ...new Set([
      filing.formFileId,
      ...filing.evidenceFileIds,
      ...objectionFileIds,
    ]),
  ]
  const existing = await findExistingFileIds(db, fileIds)
  if (existing.size !== fileIds.length)
    throw new Refusal(400, '部分附件不存在或已失效，请重新上传')

  const now = (deps.now ?? (() => new Date()))()
  const stamp = toShanghaiText(now)
  const day = stamp.slice(0, 10).replaceAll('-', '')
  const queryCode = generateQueryCode()
  const clock = acceptanceClock(stamp, deps)

  const complaintNo = await durableTransaction(db, async (trx) => {
    const sequence = await nextDailySequence(trx, day)
    if (sequence > MAX_SEQUENCE)
      throw new Refusal(409, '今日投诉受理编号已用完，请于下一日提交')
    const number = `${day}${String(sequence).padStart(4, '0')}`
    const complaintId = await insertComplaint(trx, {
      complaintNo: number,
      queryCodeHash: hashQueryCode(queryCode),
      state: 'submitted',
      projectId: filing.project.id,
      projectName: filing.project.name,
      projectCode: filing.project.code,
      complainantType: filing.complainant.type,
      complainantRole: filing.complainant.role,
      complainantName: filing.complainant.name,
      complainantIdNumber: filing.complainant.idNumber,
      legalRepresentative: filing.complainant.legalRepresentative ?? null,
      complainantAddress: filing.complainant.address,
      contactName: filing.contact.name,
      contactPhone: filing.contact.phone,
      contactEmail: filing.contact.email ?? null,
      complaintType: filing.complaintType,
      factsHtml,
      requests: filing.requests,
      formFileId: filing.formFileId,
      submittedAt: stamp,
      ...clock,
      createdAt: stamp,
      updatedAt: stamp,
    })
    await insertComplaintRespondents(
      trx,
      filing.respondents.map((respondent, sort) => ({
        complaintId,
        sort,
        role: respondent.role,
        name: respondent.name,
        contact: respondent.contact ?? null,
        address: respondent.address ?? null,
      })),
    )
    if (filing.objection) {
      await insertComplaintObjection(trx, {
        complaintId,
        objectionDate: filing.objection.objectionDate,
        replyStatus: filing.objection.replyStatus,
        replyDate: filing.objection.replyDate ?? null,
        replySummary: filing.objection.replySummary ?? null,
      })
    }
    await insertComplaintFiles(trx, complaintId, 'evidence', [
      ...new Set(filing.evidenceFileIds),
    ])
    await insertComplaintFiles(trx, complaintId, 'objection', [
      ...new Set(objectionFileIds),
    ])
    await insertComplaintEvent(trx, {
      complaintId,
      type: 'submit',
      fromState: null,
      toState: 'submitted',
      actorKind: 'complainant',
      actorName: filing.contact.name,
      reason: '提交投诉书及证据材料',
      documentId: null,
      occurredAt: stamp,
    })
    await queueSms(
      trx,
      {
        complaintId,
        phone: filing.contact.phone,
        purpose: 'complaint-filed',
        text: `【${PLATFORM_NAME}】您的投诉已提交，投诉编号${number}，查询码${queryCode}，请妥善保管，凭二者查询办理进度。`,
      },
      now,
    )
    await record?.(trx, { complaintId, complaintNo: number, queryCode, stamp })
    return number
  })
  return { complaintNo, queryCode }
}
