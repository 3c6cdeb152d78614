import type { Transaction } from 'kysely'

import type { StaffActionPayload } from '#common/schemas/complaint/complaint-staff.ts'
import type { ComplaintRow, Database } from '#server/db/schema.ts'
import { Refusal } from '#server/shared/refusal.ts'

import {
  clearComplaintMaterialRequest,
  findOpenMaterialRequest,
  insertComplaintFiles,
  insertComplaintTranscript,
  insertMaterialRequest,
  updateMaterialRequestAnswer,
} from './complaint-repository.ts'
import { resumedAcceptanceClock } from './complaint-deadlines.ts'
import type { WorkingCalendar } from './working-calendar.ts'

export type RecordContext = {
  complaint: ComplaintRow
  eventId: number
  documentId: number | null
  stamp: string
  today: string
  calendar: WorkingCalendar
}

export async function recordMaterialRequest(
  trx: Transaction<Database>,
  p: StaffActionPayload<'request-material'>,
  { complaint: c, stamp, today, calendar }: RecordContext,
) {
  await insertMaterialRequest(trx, {
    complaintId: c.id,
    items: p.items,
    workdays: p.workdays,
    requestedAt: stamp,
    dueDate: calendar.addWorkdays(today, p.workdays),
  })
}

export async function recordTranscript(
  trx: Transaction<Database>,
  p: StaffActionPayload<'record-transcript'>,
  { complaint: c, documentId }: RecordContext,
) {
  await insertComplaintTranscript(trx, {
    complaintId: c.id,
    title: p.title,
    place: p.place,
    interviewee: p.interviewee,
    interviewer: p.interviewer,
    occurredAt: p.occurredAt,
    content: p.content,
    isVisibleToComplainant: p.isVisibleToComplainant === false ? 0 : 1,
    documentId,
  })
}

// The last open request answered: material is no longer awaited, and an acceptance clock it
// stopped runs again from today.
export async function recordMaterialAnswer(
  trx: Transaction<Database>,
  p: { requestId: number; answerText: string; fileIds: string[] },
  { complaint: c, stamp, today, calendar }: RecordContext,
) {
  const isAnswered = await updateMaterialRequestAnswer(trx, c.id, p.requestId, {
    answeredAt: stamp,
    answerText: p.answerText,
  })
  if (!isAnswered) throw new Refusal(409, '该补正要求不存在或已经答复')
  await insertComplaintFiles(trx, c.id, 'material', p.fileIds, p.requestId)
  if (!(await findOpenMaterialRequest(trx, c.id)))
    await clearComplaintMaterialRequest(
      trx,
      c.id,
      resumedAcceptanceClock(c, today, calendar),
    )
}

export async function recordWithdrawalFiles(
  trx: Transaction<Database>,
  p: { fileIds?: string[] },
  { complaint: c, eventId }: RecordContext,
) {
  await insertComplaintFiles(trx, c.id, 'withdrawal', p.fileIds ?? [], eventId)
}
