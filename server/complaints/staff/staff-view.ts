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

/** Everything the department needs to handle a complaint, unmasked (staff only). */
export async function buildStaffComplaintDetail(
  db: Kysely<Database>,
  c: ComplaintRow,
  now: Date,
  calendar: WorkingCalendar,
): Promise<StaffComplaintDetail> {
  const [status, objection, files, form] = await Promise.all([
    buildComplaintStatus(db, c, now, calendar, { isForStaff: true }),
    db
      .selectFrom('complaintObjection')
      .select(['objectionDate', 'replyStatus', 'replyDate', 'replySummary'])
      .where('complaintId', '=', c.id)
      .executeTakeFirst(),
    db
      .selectFrom('complaintFile as cf')
      .innerJoin('file as f', 'f.id', 'cf.fileId')
      .select(['cf.purpose', 'f.id', 'f.name'])
      .where('cf.complaintId', '=', c.id)
      .orderBy('cf.purpose')
      .orderBy('cf.sort')
      .execute(),
    db
      .selectFrom('file')
      .select(['id', 'name'])
      .where('id', '=', c.formFileId)
      .executeTakeFirstOrThrow(),
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
  let base = db.selectFrom('complaint')
  if (query.state) base = base.where('state', '=', query.state)
  if (query.keyword) {
    const like = `%${query.keyword}%`
    base = base.where((eb) =>
      eb.or([
        eb('complaintNo', 'like', like),
        eb('projectName', 'like', like),
        eb('complainantName', 'like', like),
      ]),
    )
  }
  const [rows, total] = await Promise.all([
    base
      .select([
        'complaintNo',
        'state',
        'projectName',
        'complainantName',
        'complaintType',
        'submittedAt',
        'acceptanceDueDate',
        'decisionDueDate',
        'clockPausedAt',
        'isMaterialRequested',
        'isActivitySuspended',
        'isPublished',
      ])
      .orderBy('submittedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ])
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
    total: Number(total.n),
  }
}
