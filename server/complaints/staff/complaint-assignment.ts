import type { Kysely } from 'kysely'

import { ROLE_HANDLER } from '#common/constants/staff.ts'
import type { Database } from '#server/db/schema.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'

import { insertComplaintEvent } from '../complaint-repository.ts'

/** Who may own a case: enabled accounts with the 投诉处理 role. */
export function findAssignableStaff(db: Kysely<Database>) {
  return db
    .selectFrom('staffAccount as a')
    .innerJoin('staffAccountRole as r', 'r.accountId', 'a.id')
    .select(['a.id', 'a.displayName'])
    .where('r.role', '=', ROLE_HANDLER)
    .where('a.isDisabled', '=', 0)
    .orderBy('a.displayName')
    .orderBy('a.id')
    .execute()
}

export async function findAssignee(
  db: Kysely<Database>,
  assigneeId: number | null,
) {
  if (assigneeId === null) return null
  const row = await db
    .selectFrom('staffAccount')
    .select(['id', 'displayName'])
    .where('id', '=', assigneeId)
    .executeTakeFirst()
  return row ? { id: Number(row.id), name: row.displayName } : null
}

export async function assignableOrRefuse(
  db: Kysely<Database>,
  assigneeId: number,
) {
  const found = (await findAssignableStaff(db)).find((s) => s.id === assigneeId)
  if (!found)
    throw new Refusal(
      400,
      '所选承办人不存在、已停用或没有“投诉处理”角色，请重新选择',
    )
  return { id: Number(found.id), displayName: found.displayName }
}

type Assignment = {
  complaintNos: string[]
  assigneeId: number
  reason: string
  /** The person assigning, as the timeline names staff. */
  actorName: string
  now: Date
}

// 承办人 changed by a head, for one complaint or several from the queue, each with an event in
// its timeline (staff only: the complainant sees the department, not its people). All or
// nothing: a number that is not an open complaint refuses the whole request.
export async function assignComplaints(
  db: Kysely<Database>,
  a: Assignment,
): Promise<{ complaintNo: string; assigneeId: number }[]> {
  const assignee = await assignableOrRefuse(db, a.assigneeId)
  const stamp = toShanghaiText(a.now)
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('complaint as c')
      .leftJoin('staffAccount as s', 's.id', 'c.assigneeId')
      .select([
        'c.id',
        'c.complaintNo',
        'c.state',
        'c.closedAt',
        'c.assigneeId',
        's.displayName as assigneeName',
      ])
      .where('c.complaintNo', 'in', a.complaintNos)
      .execute()
    const missing = a.complaintNos.filter(
      (no) => !rows.some((r) => r.complaintNo === no),
    )
    if (missing.length > 0)
      throw new Refusal(404, `投诉编号${missing.join('、')}不存在`)
    const closed = rows.filter(
      (r) => r.closedAt !== null || r.state === 'decided',
    )
    if (closed.length > 0)
      throw new Refusal(
        409,
        `投诉${closed.map((r) => r.complaintNo).join('、')}已办结，不能再分派承办人`,
      )
    const changed: { complaintNo: string; assigneeId: number }[] = []
    for (const r of rows) {
      if (r.assigneeId !== null && Number(r.assigneeId) === assignee.id)
        continue
      await trx
        .updateTable('complaint')
        .set({ assigneeId: assignee.id, updatedAt: stamp })
        .where('id', '=', r.id)
        .execute()
      await insertComplaintEvent(trx, {
        complaintId: r.id,
        type: 'assign',
        fromState: r.state,
        toState: r.state,
        actorKind: 'staff',
        actorName: a.actorName,
        reason: `承办人：${r.assigneeName ?? '未分派'} → ${assignee.displayName}。理由：${a.reason}`,
        documentId: null,
        occurredAt: stamp,
      })
      changed.push({ complaintNo: r.complaintNo, assigneeId: assignee.id })
    }
    return changed
  })
}

// Signing for a complaint makes its 承办人: the one a head chose at signing, else the one a head
// assigned before, else the person signing.
export async function assignOnSigning(
  db: Kysely<Database>,
  s: {
    complaintNo: string
    assigneeId: number
    isChosen: boolean
    actorName: string
    now: Date
  },
): Promise<void> {
  const assignee = await assignableOrRefuse(db, s.assigneeId)
  const stamp = toShanghaiText(s.now)
  await db.transaction().execute(async (trx) => {
    const c = await trx
      .selectFrom('complaint')
      .select(['id', 'state', 'assigneeId'])
      .where('complaintNo', '=', s.complaintNo)
      .executeTakeFirstOrThrow()
    if (!s.isChosen && c.assigneeId !== null && c.assigneeId !== undefined)
      return
    await trx
      .updateTable('complaint')
      .set({ assigneeId: assignee.id })
      .where('id', '=', c.id)
      .execute()
    await insertComplaintEvent(trx, {
      complaintId: c.id,
      type: 'assign',
      fromState: c.state,
      toState: c.state,
      actorKind: 'staff',
      actorName: s.actorName,
      reason: `签收时确定承办人：${assignee.displayName}`,
      documentId: null,
      occurredAt: stamp,
    })
  })
}
