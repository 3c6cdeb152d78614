import type { Kysely } from 'kysely'

import {
  COMPLAINT_CONCLUSIONS,
  COMPLAINT_PARTY_ROLES,
  COMPLAINT_TYPES,
} from '#common/constants/statute.ts'
import type {
  PublishedComplaintDetail,
  PublishedComplaintQuery,
  PublishedComplaintSummary,
} from '#common/schemas/complaint/complaint-published.ts'
import { desensitize } from '#common/text.ts'
import type { Database } from '#server/db/schema.ts'
import { findComplaintRespondents } from '#server/complaints/complaint-repository.ts'
import { documentLabel } from '#server/complaints/complaint-documents.ts'
import { fileUrl } from '#server/files/file-record.ts'
import {
  findPublicDecisionFile,
  findPublishedComplaintRow,
  findPublishedComplaintRows,
} from './published-repository.ts'

const label = (list: readonly { value: string; label: string }[], v: string) =>
  list.find((item) => item.value === v)?.label ?? v

type SummaryRow = {
  id: number
  complaintNo: string
  projectName: string
  complaintType: string
  complainantName: string
  conclusion: string | null
  decidedAt: string | null
  publishedAt: string | null
}

function toSummary(row: SummaryRow): PublishedComplaintSummary {
  return {
    id: Number(row.id),
    complaintNo: row.complaintNo,
    projectName: row.projectName,
    complaintTypeLabel: label(COMPLAINT_TYPES, row.complaintType),
    // spec §5: personal data in public views is masked in the middle.
    complainantName: desensitize(row.complainantName, 2),
    conclusion: row.conclusion as PublishedComplaintSummary['conclusion'],
    conclusionLabel: label(COMPLAINT_CONCLUSIONS, row.conclusion ?? ''),
    decidedAt: row.decidedAt ?? '',
    publishedAt: row.publishedAt ?? '',
  }
}

export async function findPublishedComplaintPage(
  db: Kysely<Database>,
  query: PublishedComplaintQuery,
) {
  const { rows, total } = await findPublishedComplaintRows(db, query)
  return { Table: rows.map(toSummary), Total: total }
}

export async function findPublishedComplaintDetail(
  db: Kysely<Database>,
  id: number,
): Promise<PublishedComplaintDetail | null> {
  const row = await findPublishedComplaintRow(db, id)
  if (!row) return null
  const [respondents, decision] = await Promise.all([
    findComplaintRespondents(db, row.id),
    findPublicDecisionFile(db, row.id),
  ])
  return {
    ...toSummary(row),
    projectCode: row.projectCode,
    complaintType:
      row.complaintType as PublishedComplaintDetail['complaintType'],
    complainantRoleLabel: label(COMPLAINT_PARTY_ROLES, row.complainantRole),
    respondents: respondents.map((r) => ({
      roleLabel: label(COMPLAINT_PARTY_ROLES, r.role),
      // Respondents of the 其他 role may be natural persons: masked like the complainant.
      name: r.role === 'other' ? desensitize(r.name, 2) : r.name,
    })),
    submittedAt: row.submittedAt,
    acceptedAt: row.acceptedAt,
    summary: row.publicSummary ?? '',
    decision: decision
      ? {
          title: `${documentLabel('decision')}（公开版）`,
          fileName: decision.name,
          url: fileUrl(decision.id, decision.name),
        }
      : null,
  }
}
