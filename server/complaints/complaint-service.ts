import type { Kysely } from 'kysely'

import type { ComplaintActionResult } from '#common/schemas/complaint/complaint-follow-up.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { durableTransaction } from '#server/db/database.ts'
import type { Database } from '#server/db/schema.ts'
import type { OfficialDocument } from '#server/complaints/complaint-document-pdf.ts'
import type { FileStorage } from '#server/files/file-storage.ts'
import { saveFile } from '#server/files/save-file.ts'
import type { SmsSender } from '#server/shared/sms-sender.ts'
import {
  knownPersonalDataOf,
  PUBLIC_VERSION_NOTE,
  PUBLISHED_DOCUMENT_KINDS,
  publicVersionOf,
} from '#server/complaints/complaint-documents.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { complaintEventSms } from './complaint-event-sms.ts'
import {
  LIFECYCLE,
  planTransition,
} from '#server/complaints/complaint-lifecycle.ts'
import type {
  ActionPayload,
  ActionPayloads,
  Actor,
  LifecycleAction,
} from '#server/complaints/lifecycle-rule.ts'
import {
  findComplaintByNo,
  findComplaintRespondents,
  findExistingFileIds,
  insertComplaintDocument,
  insertComplaintEvent,
  updateComplaintIfUnchanged,
} from '#server/complaints/complaint-repository.ts'
import {
  officialCalendar,
  type WorkingCalendar,
} from '#server/complaints/working-calendar.ts'
import { queueSms } from '#server/complaints/sms-outbox.ts'

export type ComplaintDeps = {
  storage: FileStorage
  sms: SmsSender
  calendar?: WorkingCalendar
  now?: () => Date
  // Absent: documents are issued unsealed.
  sealDocument?: (pdf: Uint8Array, name: string) => Promise<Uint8Array>
  log?: { warn(object: object, message: string): void }
  wakeSmsOutbox?: () => void
}

type ActionResult = ComplaintActionResult

function commonFields(p: ActionPayload) {
  return {
    workdays:
      'workdays' in p && typeof p.workdays === 'number' ? p.workdays : 0,
    fileIds: ('fileIds' in p ? p.fileIds : undefined) ?? [],
    personalNames: ('personalNames' in p ? p.personalNames : undefined) ?? [],
  }
}

// What every complaint action is called with: by the staff routes, the jobs and the follow-up.
type ComplaintActionArgs<A extends LifecycleAction> = [
  db: Kysely<Database>,
  deps: ComplaintDeps,
  complaintNo: string,
  action: A,
  actor: Actor,
  payload: ActionPayloads[A],
]

async function prepareComplaintAction<A extends LifecycleAction>(
  ...[db, deps, complaintNo, action, actor, payload]: ComplaintActionArgs<A>
) {
  const c = await findComplaintByNo(db, complaintNo)
  if (!c) throw new Refusal(404, `投诉编号${complaintNo}不存在`)
  const now = (deps.now ?? (() => new Date()))()
  const calendar = deps.calendar ?? officialCalendar()
  const stamp = toShanghaiText(now)
  const today = stamp.slice(0, 10)
  const fields = commonFields(payload)
  const plan = planTransition(c, action, actor, now, calendar, {
    workdays: fields.workdays,
  })
  const rule = LIFECYCLE[action]
  const respondents = await findComplaintRespondents(db, c.id)
  const known = knownPersonalDataOf(c, respondents, fields.personalNames)
  Object.assign(plan.changes, rule.recorded?.(payload, known))
  const draft =
    rule.document?.(payload, {
      complaint: c,
      respondents,
      today,
      after: plan.changes,
      calendar,
    }) ?? null
  const number = `新水监投〔${today.slice(0, 4)}〕${c.complaintNo}号`
  return {
    c,
    now,
    stamp,
    today,
    calendar,
    plan,
    rule,
    fields,
    known,
    draft,
    number,
  }
}

// pdf-lib and fontkit come with the first document, not with the server.
async function renderOfficialDocument(document: OfficialDocument) {
  const pdf = await import('#server/complaints/complaint-document-pdf.ts')
  return pdf.renderOfficialDocument(document)
}

// The head previews a 处理决定书 before 签发; nothing is changed or stored.
export async function previewComplaintDocument<A extends LifecycleAction>(
  ...args: ComplaintActionArgs<A>
): Promise<{ title: string; pdf: Uint8Array }> {
  const { draft, number, today, rule } = await prepareComplaintAction(...args)
  if (!draft) throw new Refusal(404, `“${rule.label}”不出具文书`)
  const pdf = await renderOfficialDocument({
    title: draft.title,
    number,
    recipient: draft.recipient,
    paragraphs: draft.paragraphs,
    date: today,
    isDraft: true,
  })
  return { title: draft.title, pdf }
}

// The complaint is updated only if nobody changed it since it was read (version).
export async function performComplaintAction<A extends LifecycleAction>(
  ...args: ComplaintActionArgs<A>
): Promise<ActionResult> {
  const [db, deps, , action, actor, payload] = args
  const { c, now, stamp, today, calendar, plan, fields, known, draft, number } =
    await prepareComplaintAction(...args)
  const { fileIds } = fields
  if (fileIds.length > 0) {
    const existing = await findExistingFileIds(db, fileIds)
    if (existing.size !== new Set(fileIds).size)
      throw new Refusal(400, '部分附件不存在或已失效，请重新上传')
  }

  let pdf = draft
    ? await renderOfficialDocument({
        title: draft.title,
        number,
        recipient: draft.recipient,
        paragraphs: draft.paragraphs,
        date: today,
      })
    : null
  // A document published with the result (处理决定书) gets its public version beside it, drawn
  // from the masked text: the original, with the personal data, is never what the public reads.
  const publicDraft =
    draft && PUBLISHED_DOCUMENT_KINDS.includes(draft.kind)
      ? publicVersionOf(draft, known)
      : null
  const publicPdf = publicDraft
    ? await renderOfficialDocument({
        title: publicDraft.title,
        number,
        note: PUBLIC_VERSION_NOTE,
        recipient: publicDraft.recipient,
        paragraphs: publicDraft.paragraphs,
        date: today,
      })
    : null
  let isSealed = false
  if (pdf && draft?.needsSeal && deps.sealDocument) {
    pdf = await deps.sealDocument(pdf, draft.title)
    isSealed = true
  }

  const result = await durableTransaction(db, async (trx) => {
    if (!(await updateComplaintIfUnchanged(trx, c, plan.changes)))
      throw new Refusal(409, '投诉刚刚已被办理，请刷新后查看最新状态')
    let documentId: number | null = null
    if (pdf && draft) {
      const saved = await saveFile(
        trx,
        deps.storage,
        {
          name: `${draft.title}（${c.complaintNo}）.pdf`,
          mime: 'application/pdf',
          bytes: pdf,
        },
        now,
      )
      const publicFile = publicPdf
        ? await saveFile(
            trx,
            deps.storage,
            {
              name: `${draft.title}（公开版）（${c.complaintNo}）.pdf`,
              mime: 'application/pdf',
              bytes: publicPdf,
            },
            now,
          )
        : null
      documentId = await insertComplaintDocument(trx, {
        complaintId: c.id,
        kind: draft.kind,
        fileId: saved.id,
        issuedAt: stamp,
        isSealed: isSealed ? 1 : 0,
        needsReceipt: draft.needsReceipt ? 1 : 0,
        publicFileId: publicFile?.id ?? null,
      })
    }
    const eventId = await insertComplaintEvent(trx, {
      complaintId: c.id,
      type: action,
      fromState: plan.fromState,
      toState: plan.toState,
      actorKind: actor.kind,
      actorName: actor.name,
      reason: LIFECYCLE[action].reason(payload),
      internalNote:
        ('internalNote' in payload ? payload.internalNote : undefined) ?? null,
      documentId,
      occurredAt: stamp,
    })
    await LIFECYCLE[action].record?.(trx, payload, {
      complaint: c,
      eventId,
      documentId,
      stamp,
      today,
      calendar,
    })
    const text = complaintEventSms(
      action,
      c.complaintNo,
      draft?.title ?? null,
      action === 'request-material'
        ? calendar.addWorkdays(today, fields.workdays)
        : undefined,
    )
    if (text)
      await queueSms(
        trx,
        {
          complaintId: c.id,
          phone: c.contactPhone,
          purpose: 'complaint-event',
          text,
        },
        now,
      )
    return { eventId, documentId }
  })
  deps.wakeSmsOutbox?.()
  return { complaintNo: c.complaintNo, state: plan.toState, ...result }
}
