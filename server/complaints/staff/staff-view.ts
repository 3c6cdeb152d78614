import { type Kysely } from 'kysely'

import {
  STAFF_ACTIONS,
  type StaffComplaintDetail,
} from '#common/schemas/complaint/complaint-staff.ts'
import { type ComplaintRow, type Database } from '#server/db/schema.ts'
import { fileUrl } from '#server/files/file-record.ts'
import {
  isActionAllowed,
  stateLabel,
} from '#server/complaints/complaint-lifecycle.ts'
import { buildComplaintStatus } from '#server/complaints/follow-up/complaint-view.ts'
import { type WorkingCalendar } from '#server/complaints/working-calendar.ts'
import {
  findComplaintFiles,
  findComplaintFormFile,
  findComplaintObjection,
  findComplaintPage,
} from './staff-repository.ts'

/** Everything the department needs to handle a complaint, unmasked (staff only). */
export async function buildStaffComplaintDetail(
  db: Kysely<Database>,
  c: ComplaintRow,
  now: Date,
  calendar: WorkingCalendar,
): Promise<StaffComplaintDetail> {
  const [status, objection, files, form] = await Promise.all([
    buildComplaintStatus(db, c, now, calendar, { isForStaff: true }),
    findComplaintObjection(db, c.id),
    findComplaintFiles(db, c.id),
    findComplaintFormFile(db, c.formFileId),
  ])
  return {
    ...status,
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
    availableActions: STAFF_ACTIONS.filter((action) =>
      isActionAllowed(c, action, 'staff', now),
    ),
  }
}

/**
 * The work list: newest first, by state and keyword (number, project, complainant). Due dates
 * in the calendar's provisional year are flagged, as in the detail's deadlines (暂定).
 */
export async function findStaffComplaintPage(
  db: Kysely<Database>,
  query: { pageNo: number; pageSize: number; state?: string; keyword?: string },
  calendar: WorkingCalendar,
) {
  const isProvisional = (due: string | null) =>
    due !== null && calendar.isProvisional(due)
  const { rows, total } = await findComplaintPage(db, query)
  return {
    items: rows.map((r) => ({
      ...r,
      stateLabel: stateLabel(r.state),
      isClockPaused: r.clockPausedAt !== null,
      isAcceptanceDueProvisional: isProvisional(r.acceptanceDueDate),
      isDecisionDueProvisional: isProvisional(r.decisionDueDate),
      isMaterialRequested: r.isMaterialRequested === 1,
      isActivitySuspended: r.isActivitySuspended === 1,
      isPublished: r.isPublished === 1,
    })),
    total,
  }
}
