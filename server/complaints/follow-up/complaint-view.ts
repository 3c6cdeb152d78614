import type { Kysely } from 'kysely'

import {
  COMPLAINT_ACCEPTANCE_WORKDAYS,
  COMPLAINT_CONCLUSIONS,
  COMPLAINT_DECISION_WORKDAYS,
  COMPLAINT_PARTY_ROLES,
  COMPLAINT_TYPES,
} from '#common/constants/statute.ts'
import type {
  ComplaintStatus,
  StatutoryDeadline,
} from '#common/schemas/complaint/complaint-follow-up.ts'
import { desensitize } from '#common/text.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import type { ComplaintRow, Database } from '#server/db/schema.ts'
import { fileUrl } from '#server/files/file-record.ts'
import { documentLabel } from '#server/complaints/complaint-documents.ts'
import {
  isActionAllowed,
  LIFECYCLE,
  stateLabel,
} from '#server/complaints/complaint-lifecycle.ts'
import type { LifecycleAction } from '#server/complaints/lifecycle-rule.ts'
import { findComplaintRespondents } from '#server/complaints/complaint-repository.ts'
import type { WorkingCalendar } from '#server/complaints/working-calendar.ts'
import {
  findComplaintDocuments,
  findComplaintEvents,
  findFiledLetter,
  findMaterialAnswerFiles,
  findMaterialRequests,
  findVisibleTranscripts,
} from './follow-up-repository.ts'

const label = (list: readonly { value: string; label: string }[], v: string) =>
  list.find((item) => item.value === v)?.label ?? v
const dateOf = (time: string) => time.slice(0, 10)
// The department's own steps: the complainant sees what it decided, not who drafted it or who
// was reminded of a deadline.
const STAFF_ONLY_EVENTS = new Set([
  'assign',
  'draft-submit',
  'draft-return',
  'reminder',
])
const OTHER_EVENT_LABELS: Record<string, string> = {
  submit: '提交投诉',
  'sign-receipt': '签收文书',
  'recompute-deadlines': '重新计算法定期限',
  'material-lapse': '补正期限届满',
  assign: '确定承办人',
  'draft-submit': '送核稿',
  'draft-return': '核稿退回',
  reminder: '期限提醒',
}

function deadlines(
  c: ComplaintRow,
  events: { type: string }[],
  today: string,
  calendar: WorkingCalendar,
): StatutoryDeadline[] {
  const isProvisional = (due: string | null) =>
    due !== null && calendar.isProvisional(due)
  const list: StatutoryDeadline[] = []
  // 条例 art. 61: counted from receipt, the day of submission, shown from then on; a complaint
  // revoked before any decision on it never had that question answered.
  if (c.acceptanceDueDate && c.state !== 'revoked') {
    const stoppedAt = c.acceptedAt ? null : c.acceptanceStoppedAt
    const due = stoppedAt ? null : c.acceptanceDueDate
    const left = c.acceptedAt ?? c.closedAt
    const isAutoAccepted = events.some((e) => e.type === 'auto-accept')
    list.push({
      kind: 'acceptance',
      label: '受理期限（收到投诉后3个工作日，补正材料期间不计入）',
      startDate: dateOf(c.submittedAt),
      workdays: COMPLAINT_ACCEPTANCE_WORKDAYS + c.acceptanceExcludedWorkdays,
      excludedWorkdays: c.acceptanceExcludedWorkdays,
      extensionWorkdays: 0,
      dueDate: due,
      pauseNote: stoppedAt
        ? `${dateOf(stoppedAt)}起要求补正材料，中止计时；收到补正材料或补正期限届满后恢复计时`
        : null,
      provisional: isProvisional(due),
      status: stoppedAt
        ? 'paused'
        : left
          ? isAutoAccepted || !due || dateOf(left) <= due
            ? 'met'
            : 'overdue'
          : c.state === 'withdrawal_requested' || !due || today <= due
            ? 'pending'
            : 'overdue',
    })
  }
  if (c.acceptedAt) {
    const due = c.clockPausedAt ? null : c.decisionDueDate
    const done = c.decidedAt ?? c.closedAt
    list.push({
      kind: 'decision',
      label: '处理期限（受理后30个工作日，检验检测鉴定专家评审时间不计入）',
      startDate: dateOf(c.acceptedAt),
      workdays:
        COMPLAINT_DECISION_WORKDAYS + c.extensionWorkdays + c.excludedWorkdays,
      excludedWorkdays: c.excludedWorkdays,
      extensionWorkdays: c.extensionWorkdays,
      dueDate: due,
      pauseNote: c.clockPausedAt
        ? `${dateOf(c.clockPausedAt)}起检验、检测、鉴定或专家评审，中止计时；恢复计时后重新计算届满日`
        : null,
      provisional: isProvisional(due),
      status: c.clockPausedAt
        ? 'paused'
        : done
          ? !due || dateOf(done) <= due || !c.decidedAt
            ? 'met'
            : 'overdue'
          : !due || today <= due
            ? 'pending'
            : 'overdue',
    })
  }
  return list
}

// The phone is masked; the respondents are organisations and shown as named.
export async function buildComplaintStatus(
  db: Kysely<Database>,
  c: ComplaintRow,
  now: Date,
  calendar: WorkingCalendar,
  options: { isForStaff?: boolean } = {},
): Promise<ComplaintStatus> {
  const [respondents, events, documents, requests, files, transcripts, letter] =
    await Promise.all([
      findComplaintRespondents(db, c.id),
      findComplaintEvents(db, c.id),
      findComplaintDocuments(db, c.id),
      findMaterialRequests(db, c.id),
      findMaterialAnswerFiles(db, c.id),
      findVisibleTranscripts(db, c.id),
      findFiledLetter(db, c.formFileId),
    ])
  const today = dateOf(toShanghaiText(now))
  return {
    complaintNo: c.complaintNo,
    state: c.state as ComplaintStatus['state'],
    stateLabel: stateLabel(c.state),
    flags: {
      isMaterialRequested: c.isMaterialRequested === 1,
      isActivitySuspended: c.isActivitySuspended === 1,
      isClockPaused: c.clockPausedAt !== null,
      isExtended: c.extensionWorkdays > 0,
    },
    project: { name: c.projectName, code: c.projectCode },
    complaintType: c.complaintType as ComplaintStatus['complaintType'],
    complaintTypeLabel: label(COMPLAINT_TYPES, c.complaintType),
    complainantName: c.complainantName,
    contactPhone: desensitize(c.contactPhone, 3),
    respondents: respondents.map((r) => ({
      role: r.role,
      roleLabel: label(COMPLAINT_PARTY_ROLES, r.role),
      name: r.name,
    })),
    submittedAt: c.submittedAt,
    letter: letter
      ? { fileName: letter.name, url: fileUrl(letter.id, letter.name) }
      : null,
    deadlines: deadlines(c, events, today, calendar),
    // Who in the department owns the case is the department's business.
    timeline: events
      .filter((e) => options.isForStaff || !STAFF_ONLY_EVENTS.has(e.type))
      .map((e) => ({
        id: Number(e.id),
        type: e.type,
        label:
          LIFECYCLE[e.type as LifecycleAction]?.label ??
          OTHER_EVENT_LABELS[e.type] ??
          e.type,
        fromState: e.fromState as ComplaintStatus['state'] | null,
        toState: e.toState as ComplaintStatus['state'] | null,
        actor: {
          kind: e.actorKind as 'complainant' | 'staff' | 'system',
          // Staff names are internal: the complainant sees the department.
          name:
            e.actorKind === 'staff' && !options.isForStaff
              ? '行政监督部门'
              : e.actorKind === 'system'
                ? '系统'
                : e.actorName,
        },
        reason: e.reason,
        // 内部意见 never leaves the department.
        ...(options.isForStaff ? { internalNote: e.internalNote ?? null } : {}),
        occurredAt: e.occurredAt,
        documentId: e.documentId === null ? null : Number(e.documentId),
      })),
    // Transcripts are listed on their own for the complainant; staff see every document.
    documents: documents
      .filter((d) => options.isForStaff || d.kind !== 'transcript')
      .map((d) => ({
        id: Number(d.id),
        kind: d.kind as ComplaintStatus['documents'][number]['kind'],
        label: documentLabel(d.kind),
        fileName: d.fileName,
        url: fileUrl(d.fileId, d.fileName),
        issuedAt: d.issuedAt,
        isSealed: d.isSealed === 1,
        needsReceipt: d.needsReceipt === 1,
        receiptSignedAt: d.signedAt ?? null,
      })),
    materialRequests: requests.map((r) => ({
      id: Number(r.id),
      items: r.items,
      requestedAt: r.requestedAt,
      dueDate: r.dueDate,
      answeredAt: r.answeredAt,
      answerText: r.answerText,
      answerFiles: files
        .filter((f) => f.refId === r.id)
        .map((f) => ({ name: f.name, url: fileUrl(f.id, f.name) })),
    })),
    transcripts: transcripts.map((t) => ({
      id: Number(t.id),
      title: t.title,
      occurredAt: t.occurredAt,
    })),
    conclusion: c.conclusion as ComplaintStatus['conclusion'],
    conclusionLabel: c.conclusion
      ? label(COMPLAINT_CONCLUSIONS, c.conclusion)
      : null,
    canRevoke: isActionAllowed(c, 'revoke', 'complainant', now),
    canApplyWithdrawal: isActionAllowed(
      c,
      'apply-withdrawal',
      'complainant',
      now,
    ),
  }
}
