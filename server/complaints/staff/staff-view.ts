import type { Kysely } from 'kysely'

import {
  STAFF_ACTIONS,
  type StaffComplaintDetail,
} from '#common/schemas/complaint/complaint-staff.ts'
import { COMPLAINT_PARTY_ROLES } from '#common/constants/statute.ts'
import type { ComplaintRow, Database } from '#server/db/schema.ts'
import { fileUrl } from '#server/files/file-record.ts'
import { isActionAllowed } from '#server/complaints/complaint-lifecycle.ts'
import { findComplaintRespondents } from '#server/complaints/complaint-repository.ts'
import { buildComplaintStatus } from '#server/complaints/follow-up/complaint-view.ts'
import type { WorkingCalendar } from '#server/complaints/working-calendar.ts'
import {
  findComplaintFiles,
  findComplaintFormFile,
  findComplaintObjection,
  findComplaintTranscripts,
} from './staff-repository.ts'
import { findAssignee } from './complaint-assignment.ts'
import { findDraft } from './complaint-drafts.ts'

const label = (list: readonly { value: string; label: string }[], v: string) =>
  list.find((item) => item.value === v)?.label ?? v

export async function buildStaffComplaintDetail(
  db: Kysely<Database>,
  c: ComplaintRow,
  now: Date,
  calendar: WorkingCalendar,
): Promise<StaffComplaintDetail> {
  const [
    status,
    objection,
    files,
    form,
    respondents,
    transcripts,
    assignee,
    decisionDraft,
    publicationDraft,
  ] = await Promise.all([
    buildComplaintStatus(db, c, now, calendar, { isForStaff: true }),
    findComplaintObjection(db, c.id),
    findComplaintFiles(db, c.id),
    findComplaintFormFile(db, c.formFileId),
    findComplaintRespondents(db, c.id),
    findComplaintTranscripts(db, c.id),
    findAssignee(db, c.assigneeId ?? null),
    findDraft(db, c.id, 'decision'),
    findDraft<{ summary: string }>(db, c.id, 'publication'),
  ])
  return {
    ...status,
    respondents: respondents.map((r) => ({
      role: r.role,
      roleLabel: label(COMPLAINT_PARTY_ROLES, r.role),
      name: r.name,
      contact: r.contact,
      address: r.address,
    })),
    transcripts: transcripts.map((t) => ({
      id: Number(t.id),
      title: t.title,
      occurredAt: t.occurredAt,
      isVisibleToComplainant: t.isVisibleToComplainant === 1,
    })),
    contactPhone: c.contactPhone,
    complainant: {
      type: c.complainantType,
      role: c.complainantRole,
      name: c.complainantName,
      idNumber: c.complainantIdNumber,
      legalRepresentative: c.legalRepresentative,
      address: c.complainantAddress,
    },
    contact: {
      name: c.contactName,
      phone: c.contactPhone,
      email: c.contactEmail,
    },
    factsHtml: c.factsHtml,
    requests: c.requests,
    objection: objection ?? null,
    files: files.map((f) => ({
      purpose: f.purpose,
      name: f.name,
      url: fileUrl(f.id, f.name),
    })),
    formFile: { name: form.name, url: fileUrl(form.id, form.name) },
    isPublished: c.isPublished === 1,
    publicSummary: c.publicSummary,
    assignee: assignee ?? null,
    decisionDraft: decisionDraft?.state ?? null,
    publicationDraft: publicationDraft
      ? { ...publicationDraft.state, summary: publicationDraft.content.summary }
      : null,
    availableActions: STAFF_ACTIONS.filter((action) =>
      isActionAllowed(c, action, 'staff', now),
    ),
  }
}
