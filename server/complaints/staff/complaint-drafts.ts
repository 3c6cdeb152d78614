import { isDeepStrictEqual } from 'node:util'

import type { Kysely } from 'kysely'

import type {
  DraftKind,
  DraftState,
} from '#common/schemas/complaint/complaint-staff.ts'
import type {
  ComplaintDraftTable,
  ComplaintRow,
  Database,
} from '#server/db/schema.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'

import { insertComplaintEvent } from '../complaint-repository.ts'

// 拟稿 → 核稿 → 签发: what leaves the department is written by one person and let out by
// another. The drafter (a 投诉处理 or a head) saves and submits; a head who did not write it
// returns it with comments or lets it out (the decide or publish action, with exactly the
// submitted text). Each step is in the case's timeline for staff and in the audit log.

export type { DraftKind }

const NAMES: Record<
  DraftKind,
  { document: string; submitted: string; issue: string }
> = {
  decision: {
    document: '处理决定书',
    submitted: '处理决定书草稿送核稿',
    issue: '签发',
  },
  publication: {
    document: '公开的处理结果摘要',
    submitted: '拟公开的处理结果摘要送核',
    issue: '公开',
  },
}

// The complaint state in which each kind is written: a decision while the case is open and
// accepted, a publication once decided.
const WRITTEN_IN: Record<DraftKind, ComplaintRow['state']> = {
  decision: 'accepted',
  publication: 'decided',
}

type Drafter = { accountId: number; displayName: string }

async function findDraftRow(
  db: Kysely<Database>,
  complaintId: number,
  kind: DraftKind,
) {
  return db
    .selectFrom('complaintDraft')
    .selectAll()
    .where('complaintId', '=', complaintId)
    .where('kind', '=', kind)
    .executeTakeFirst()
}

function toState(row: ComplaintDraftTable): DraftState {
  return {
    status: row.status,
    drafter: { id: Number(row.drafterId), name: row.drafterName },
    savedAt: row.savedAt,
    submittedAt: row.submittedAt,
    review:
      row.reviewedAt === null
        ? null
        : {
            reviewerName: row.reviewerName ?? '',
            comment: row.reviewComment,
            reviewedAt: row.reviewedAt,
          },
  }
}

/** The current draft of a kind with its content, or null when none is being written. */
export async function findDraft<T>(
  db: Kysely<Database>,
  complaintId: number,
  kind: DraftKind,
): Promise<{ state: DraftState; content: T } | null> {
  const row = await findDraftRow(db, complaintId, kind)
  if (!row || row.status === 'issued') return null
  return { state: toState(row), content: JSON.parse(row.content) as T }
}

function writableOrRefuse(c: ComplaintRow, kind: DraftKind) {
  if (c.state !== WRITTEN_IN[kind])
    throw new Refusal(
      409,
      kind === 'decision'
        ? '只有已受理、尚未作出处理决定的投诉才能起草处理决定书'
        : '作出处理决定后才能拟公开处理结果',
    )
  if (kind === 'publication' && c.isPublished)
    throw new Refusal(409, '处理结果已公开')
}

/**
 * Saves the drafter's text; with `submit`, hands it to a head for checking. A submitted draft
 * is not changed until it is returned: the head checks what the drafter sent.
 */
export async function saveDraft(
  db: Kysely<Database>,
  d: {
    complaint: ComplaintRow
    kind: DraftKind
    content: object
    drafter: Drafter
    submit: boolean
    now: Date
  },
): Promise<DraftState> {
  writableOrRefuse(d.complaint, d.kind)
  const stamp = toShanghaiText(d.now)
  const names = NAMES[d.kind]
  return db.transaction().execute(async (trx) => {
    const row = await findDraftRow(trx, d.complaint.id, d.kind)
    if (row?.status === 'submitted')
      throw new Refusal(
        409,
        `${names.document}已由${row.drafterName}送核，正在核稿，退回后才能修改`,
      )
    const isFresh = !row || row.status === 'issued'
    const next = {
      content: JSON.stringify(d.content),
      status: d.submit ? ('submitted' as const) : ('editing' as const),
      drafterId: d.drafter.accountId,
      drafterName: d.drafter.displayName,
      savedAt: stamp,
      submittedAt: d.submit ? stamp : null,
      // A returned draft keeps its comments in view until it is submitted again.
      ...(isFresh || d.submit
        ? { reviewerName: null, reviewComment: null, reviewedAt: null }
        : {}),
    }
    if (row)
      await trx
        .updateTable('complaintDraft')
        .set(next)
        .where('complaintId', '=', d.complaint.id)
        .where('kind', '=', d.kind)
        .execute()
    else
      await trx
        .insertInto('complaintDraft')
        .values({
          complaintId: d.complaint.id,
          kind: d.kind,
          reviewerName: null,
          reviewComment: null,
          reviewedAt: null,
          ...next,
        })
        .execute()
    if (d.submit)
      await insertComplaintEvent(trx, {
        complaintId: d.complaint.id,
        type: 'draft-submit',
        fromState: d.complaint.state,
        toState: d.complaint.state,
        actorKind: 'staff',
        actorName: d.drafter.displayName,
        reason: names.submitted,
        documentId: null,
        occurredAt: stamp,
      })
    return toState({ ...(row ?? {}), ...next } as ComplaintDraftTable)
  })
}

function reviewableOrRefuse(
  row: ComplaintDraftTable | undefined,
  kind: DraftKind,
  reviewer: Drafter,
): ComplaintDraftTable {
  const names = NAMES[kind]
  if (!row || row.status !== 'submitted')
    throw new Refusal(
      409,
      `${names.document}尚未送核：请先由承办人拟稿并送核，再由另一位投诉负责人核稿${names.issue}`,
    )
  if (Number(row.drafterId) === reviewer.accountId)
    throw new Refusal(
      403,
      `${names.document}由您拟稿，不能由您本人核稿${names.issue}，请另一位投诉负责人办理`,
    )
  return row
}

/** 核稿 with comments: back to the drafter, who changes it and submits it again. */
export async function returnDraft(
  db: Kysely<Database>,
  r: {
    complaint: ComplaintRow
    kind: DraftKind
    reviewer: Drafter
    comment: string
    now: Date
  },
): Promise<DraftState> {
  const stamp = toShanghaiText(r.now)
  return db.transaction().execute(async (trx) => {
    const row = reviewableOrRefuse(
      await findDraftRow(trx, r.complaint.id, r.kind),
      r.kind,
      r.reviewer,
    )
    const next = {
      status: 'returned' as const,
      reviewerName: r.reviewer.displayName,
      reviewComment: r.comment,
      reviewedAt: stamp,
    }
    await trx
      .updateTable('complaintDraft')
      .set(next)
      .where('complaintId', '=', r.complaint.id)
      .where('kind', '=', r.kind)
      .execute()
    await insertComplaintEvent(trx, {
      complaintId: r.complaint.id,
      type: 'draft-return',
      fromState: r.complaint.state,
      toState: r.complaint.state,
      actorKind: 'staff',
      actorName: r.reviewer.displayName,
      reason: `${NAMES[r.kind].document}退回修改`,
      internalNote: r.comment,
      documentId: null,
      occurredAt: stamp,
    })
    return toState({ ...row, ...next })
  })
}

/**
 * Before the decide or publish action: a head other than the drafter lets out exactly the
 * text that was submitted. Returns what to mark as issued once the action has succeeded.
 */
export async function issuableDraftOrRefuse(
  db: Kysely<Database>,
  i: {
    complaint: ComplaintRow
    kind: DraftKind
    reviewer: Drafter
    content: object
  },
) {
  const row = reviewableOrRefuse(
    await findDraftRow(db, i.complaint.id, i.kind),
    i.kind,
    i.reviewer,
  )
  if (!isDeepStrictEqual(JSON.parse(row.content), normalised(i.content)))
    throw new Refusal(
      409,
      `${NAMES[i.kind].issue}的内容与送核的${NAMES[i.kind].document}不一致，请重新打开后按送核的内容${NAMES[i.kind].issue}，或退回修改`,
    )
  return { savedAt: row.savedAt }
}

// The body as stored: JSON drops undefined members.
const normalised = (content: object): unknown =>
  JSON.parse(JSON.stringify(content))

/** After the action: the draft is done with; the next one of its kind starts afresh. */
export async function markDraftIssued(
  db: Kysely<Database>,
  m: { complaint: ComplaintRow; kind: DraftKind; reviewer: Drafter; now: Date },
) {
  await db
    .updateTable('complaintDraft')
    .set({
      status: 'issued',
      reviewerName: m.reviewer.displayName,
      reviewComment: null,
      reviewedAt: toShanghaiText(m.now),
    })
    .where('complaintId', '=', m.complaint.id)
    .where('kind', '=', m.kind)
    .where('status', '=', 'submitted')
    .execute()
}
