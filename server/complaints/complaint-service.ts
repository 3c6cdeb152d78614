import type { Kysely, Transaction } from 'kysely'

import { PLATFORM_NAME } from '#common/constants/site.ts'
import {
  COMPLAINT_CLOCK_PAUSE_KINDS,
  COMPLAINT_CONCLUSIONS,
} from '#common/constants/statute.ts'
import type { ComplaintActionResult } from '#common/schemas/complaint/complaint-follow-up.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { durableTransaction } from '#server/db/database.ts'
import type { ComplaintRow, Database } from '#server/db/schema.ts'
import type { OfficialDocument } from '#server/complaints/complaint-document-pdf.ts'
import type { FileStorage } from '#server/files/file-storage.ts'
import { saveFile } from '#server/files/save-file.ts'
import type { SmsSender } from '#server/shared/sms-sender.ts'
import {
  draftDocument,
  knownPersonalDataOf,
  PUBLIC_VERSION_NOTE,
  PUBLISHED_DOCUMENT_KINDS,
  publicVersionOf,
} from '#server/complaints/complaint-documents.ts'
import { Refusal } from '#server/shared/refusal.ts'
import {
  type Actor,
  LIFECYCLE,
  type LifecycleAction,
  planTransition,
} from '#server/complaints/complaint-lifecycle.ts'
import {
  clearComplaintMaterialRequest,
  findComplaintByNo,
  findComplaintRespondents,
  findExistingFileIds,
  findOpenMaterialRequest,
  insertComplaintDocument,
  insertComplaintEvent,
  insertComplaintFiles,
  insertComplaintTranscript,
  insertMaterialRequest,
  updateComplaintIfUnchanged,
  updateMaterialRequestAnswer,
} from '#server/complaints/complaint-repository.ts'
import { maskKnownPersonalData } from '#server/complaints/mask-personal-data.ts'
import {
  officialCalendar,
  type WorkingCalendar,
} from '#server/complaints/working-calendar.ts'
import { queueSms } from '#server/complaints/sms-outbox.ts'

export type ComplaintDeps = {
  storage: FileStorage
  /** The sender the text message outbox delivers through (sms-outbox-job.ts). */
  sms: SmsSender
  calendar?: WorkingCalendar
  now?: () => Date
  /** Seals a PDF with the department's seal (server/signing); absent: issued unsealed. */
  sealDocument?: (pdf: Uint8Array, name: string) => Promise<Uint8Array>
  log?: { warn(object: object, message: string): void }
  /** Tells the outbox job that a committed change queued a text message. */
  wakeSmsOutbox?: () => void
}

export type ActionResult = ComplaintActionResult

const label = (list: readonly { value: string; label: string }[], v: unknown) =>
  list.find((item) => item.value === v)?.label ?? String(v)

/** The reason written into the timeline for each action. */
function eventReason(
  action: LifecycleAction,
  p: Record<string, unknown>,
): string {
  const text = (key: string) => (typeof p[key] === 'string' ? p[key] : '')
  switch (action) {
    case 'sign':
      return text('note') || '行政监督部门已签收投诉'
    case 'accept':
      return text('note') || '投诉符合受理条件，决定受理'
    case 'auto-accept':
      return '收到投诉之日起三个工作日内未作出是否受理的决定，依法视为受理'
    case 'transfer':
      return `移交${text('receiver')}：${text('reason')}`
    case 'request-material':
      return text('items')
    case 'answer-material':
      return text('answerText')
    case 'record-transcript':
      return text('title')
    case 'pause-clock':
      return `${label(COMPLAINT_CLOCK_PAUSE_KINDS, p.kind)}：${text('reason')}`
    case 'resume-clock':
      return text('note') || '恢复计算处理期限'
    case 'extend':
      return `延长${String(p.workdays)}个工作日（${text('approvedBy')}批准）：${text('statement')}`
    case 'decide':
      return `处理结论：${label(COMPLAINT_CONCLUSIONS, p.conclusion)}`
    case 'publish':
      return '处理结果已在投诉处理结果栏目公开'
    default:
      return text('reason')
  }
}

/** The records an action keeps beside the event, written in its transaction. */
async function recordSideEffects(
  trx: Transaction<Database>,
  action: LifecycleAction,
  p: Record<string, unknown>,
  c: ComplaintRow,
  ids: { eventId: number; documentId: number | null; stamp: string },
): Promise<void> {
  if (action === 'request-material') {
    await insertMaterialRequest(trx, {
      complaintId: c.id,
      items: String(p.items),
      workdays: Number(p.workdays),
      requestedAt: ids.stamp,
      dueDate: String(p.dueDate),
    })
  } else if (action === 'record-transcript') {
    await insertComplaintTranscript(trx, {
      complaintId: c.id,
      title: String(p.title),
      place: String(p.place),
      interviewee: String(p.interviewee),
      interviewer: String(p.interviewer),
      occurredAt: String(p.occurredAt),
      content: String(p.content),
      isVisibleToComplainant: p.isVisibleToComplainant === false ? 0 : 1,
      documentId: ids.documentId,
    })
  } else if (action === 'answer-material') {
    const requestId = Number(p.requestId)
    const isAnswered = await updateMaterialRequestAnswer(trx, c.id, requestId, {
      answeredAt: ids.stamp,
      answerText: String(p.answerText),
    })
    if (!isAnswered) throw new Refusal(409, '该补正要求不存在或已经答复')
    await insertComplaintFiles(
      trx,
      c.id,
      'material',
      p.fileIds as string[],
      requestId,
    )
    if (!(await findOpenMaterialRequest(trx, c.id)))
      await clearComplaintMaterialRequest(trx, c.id)
  } else if (action === 'revoke' || action === 'apply-withdrawal') {
    await insertComplaintFiles(
      trx,
      c.id,
      'withdrawal',
      (p.fileIds as string[] | undefined) ?? [],
      ids.eventId,
    )
  }
}

/**
 * An action checked against the lifecycle and drafted, nothing stored: the complaint, its
 * transition, the payload as the records keep it, the document it issues (if any) and that
 * document's number. Refuses (Refusal) an unknown complaint or an action not allowed now.
 */
async function prepareComplaintAction(
  db: Kysely<Database>,
  deps: ComplaintDeps,
  complaintNo: string,
  action: LifecycleAction,
  actor: Actor,
  payload: Record<string, unknown>,
) {
  const c = await findComplaintByNo(db, complaintNo)
  if (!c) throw new Refusal(404, `投诉编号${complaintNo}不存在`)
  const now = (deps.now ?? (() => new Date()))()
  const calendar = deps.calendar ?? officialCalendar()
  const stamp = toShanghaiText(now)
  const today = stamp.slice(0, 10)
  const plan = planTransition(c, action, actor, now, calendar, {
    workdays: typeof payload.workdays === 'number' ? payload.workdays : 0,
  })
  const p: Record<string, unknown> = { ...payload }
  const respondents = await findComplaintRespondents(db, c.id)
  // What the public must not read of this complaint, for what is published of it.
  const known = knownPersonalDataOf(
    c,
    respondents,
    Array.isArray(p.personalNames) ? p.personalNames.map(String) : [],
  )
  if (action === 'request-material')
    p.dueDate = calendar.addWorkdays(today, Number(p.workdays))
  if (action === 'decide') plan.changes.conclusion = String(p.conclusion)
  if (action === 'publish')
    plan.changes.publicSummary = maskKnownPersonalData(String(p.summary), known)
  const draft = draftDocument(action, p, {
    complaint: c,
    respondents,
    today,
    after: plan.changes,
  })
  const number = `新水监投〔${today.slice(0, 4)}〕${c.complaintNo}号`
  return { c, now, stamp, today, plan, p, known, draft, number }
}

/** An official document as PDF; pdf-lib and fontkit come with the first one, not with the server. */
async function renderOfficialDocument(document: OfficialDocument) {
  const pdf = await import('#server/complaints/complaint-document-pdf.ts')
  return pdf.renderOfficialDocument(document)
}

/**
 * The document `action` would issue now with `payload`, as the action renders it but unsealed
 * and marked 草稿 on every page, for review before it is issued (the head previews a 处理决定书
 * before 签发). Refused as the action itself would be; nothing is changed or stored.
 */
export async function previewComplaintDocument(
  db: Kysely<Database>,
  deps: ComplaintDeps,
  complaintNo: string,
  action: LifecycleAction,
  actor: Actor,
  payload: Record<string, unknown>,
): Promise<{ title: string; pdf: Uint8Array }> {
  const { draft, number, today } = await prepareComplaintAction(
    db,
    deps,
    complaintNo,
    action,
    actor,
    payload,
  )
  if (!draft) throw new Refusal(404, `“${LIFECYCLE[action].label}”不出具文书`)
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

/**
 * Takes one lifecycle action on a complaint: refuses it (Refusal, nothing changed) when
 * the lifecycle does not allow it; otherwise renders the document it issues, then in one
 * durable transaction updates the complaint only if nobody changed it since it was read
 * (version), stores the document, appends the event and the action's own records, and queues
 * the complainant's SMS in the outbox, which the woken job then sends.
 */
export async function performComplaintAction(
  db: Kysely<Database>,
  deps: ComplaintDeps,
  complaintNo: string,
  action: LifecycleAction,
  actor: Actor,
  payload: Record<string, unknown> = {},
): Promise<ActionResult> {
  const { c, now, stamp, today, plan, p, known, draft, number } =
    await prepareComplaintAction(db, deps, complaintNo, action, actor, payload)
  const fileIds = (p.fileIds as string[] | undefined) ?? []
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
      reason: eventReason(action, p),
      documentId,
      occurredAt: stamp,
    })
    await recordSideEffects(trx, action, p, c, { eventId, documentId, stamp })
    if (action !== 'answer-material' && action !== 'record-transcript') {
      const what = draft
        ? `，${draft.title}已送达，请登录投诉查询查看并签收`
        : ''
      await queueSms(
        trx,
        {
          complaintId: c.id,
          phone: c.contactPhone,
          purpose: 'complaint-event',
          text: `【${PLATFORM_NAME}】您的投诉（编号${c.complaintNo}）：${LIFECYCLE[action].label}${what}。`,
        },
        now,
      )
    }
    return { eventId, documentId }
  })
  deps.wakeSmsOutbox?.()
  return { complaintNo: c.complaintNo, state: plan.toState, ...result }
}
