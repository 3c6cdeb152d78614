import type { Kysely } from 'kysely'

import { ROLE_SUPERVISOR } from '#common/constants/staff.ts'
import {
  INDICATORS,
  type IndicatorCode,
} from '#common/constants/supervision.ts'
import type { LinkageFields } from '#common/schemas/content/project-fields.ts'
import type { WarningDispose } from '#common/schemas/supervision.ts'
import type { Database } from '#server/db/schema.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'

import { addDays } from './legal-days.ts'

// What staff do with a warning: give it an owner, and dispose of it as 核查中, 已核实 or 排除.
// Each step is checked against the version the person saw, so that two people never overwrite
// each other unseen, and goes into the warning's trail.

type Actor = { accountId: number; displayName: string }

/** Who may own a warning: enabled accounts with the 监督检查 role. */
export function findWarningHandlers(db: Kysely<Database>) {
  return db
    .selectFrom('staffAccount as a')
    .innerJoin('staffAccountRole as r', 'r.accountId', 'a.id')
    .select(['a.id', 'a.displayName'])
    .where('r.role', '=', ROLE_SUPERVISOR)
    .where('a.isDisabled', '=', 0)
    .orderBy('a.displayName')
    .orderBy('a.id')
    .execute()
}

async function currentOrRefuse(
  db: Kysely<Database>,
  id: number,
  seenUpdatedAt: string,
) {
  const row = await db
    .selectFrom('supervisionWarning')
    .select(['id', 'state', 'updatedAt', 'assigneeId', 'projectId', 'code'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) throw new Refusal(404, '该预警不存在')
  if (row.updatedAt !== seenUpdatedAt)
    throw new Refusal(
      409,
      '该预警已被他人处理或因项目信息变化重新预警，请刷新后查看最新情况再操作',
    )
  return row
}

async function step(
  db: Kysely<Database>,
  warningId: number,
  actor: Actor,
  at: string,
  action: string,
  note: string,
) {
  await db
    .insertInto('supervisionWarningStep')
    .values({
      warningId,
      at,
      actorId: actor.accountId,
      actorName: actor.displayName,
      action,
      note,
    })
    .execute()
}

export async function assignWarning(
  db: Kysely<Database>,
  input: { id: number; assigneeId: number | null; seenUpdatedAt: string },
  actor: Actor,
  now: Date,
): Promise<void> {
  const at = toShanghaiText(now)
  let assigneeName = '（无）'
  if (input.assigneeId !== null) {
    const handler = (await findWarningHandlers(db)).find(
      (h) => Number(h.id) === input.assigneeId,
    )
    if (!handler)
      throw new Refusal(
        400,
        '所选承办人不存在、已停用或没有“监督检查”角色，请重新选择',
      )
    assigneeName = handler.displayName
  }
  await db.transaction().execute(async (trx) => {
    const row = await currentOrRefuse(trx, input.id, input.seenUpdatedAt)
    if (row.state === 'cleared')
      throw new Refusal(409, '该预警已消除，无需指派')
    await trx
      .updateTable('supervisionWarning')
      .set({ assigneeId: input.assigneeId, updatedAt: at })
      .where('id', '=', input.id)
      .execute()
    await step(trx, input.id, actor, at, 'assigned', `承办人：${assigneeName}`)
  })
}

/**
 * 核查中, 已核实 or 排除. A cleared warning is not disposed of: nothing fires any more. Returns
 * the project, for the 联动监管 record a verification opens.
 */
export async function disposeWarning(
  db: Kysely<Database>,
  input: { id: number } & WarningDispose,
  actor: Actor,
  now: Date,
): Promise<{ projectId: number; code: IndicatorCode }> {
  const at = toShanghaiText(now)
  return db.transaction().execute(async (trx) => {
    const row = await currentOrRefuse(trx, input.id, input.base.updatedAt)
    if (row.state === 'cleared')
      throw new Refusal(409, '该预警已消除（项目信息变化后不再触发），无需处理')
    if (row.state === 'verified' && input.state === 'verified')
      throw new Refusal(409, '该预警已核实，联动监管记录已建立')
    await trx
      .updateTable('supervisionWarning')
      .set({
        state: input.state,
        dispositionNote: input.note || null,
        // Whoever takes it up owns it, unless someone does already.
        assigneeId: row.assigneeId ?? actor.accountId,
        updatedAt: at,
      })
      .where('id', '=', input.id)
      .execute()
    await step(trx, input.id, actor, at, input.state, input.note)
    return { projectId: Number(row.projectId), code: row.code as IndicatorCode }
  })
}

/** A 联动监管 record's fields, prefilled from a verified warning for staff to complete. */
export async function linkageFromWarning(
  db: Kysely<Database>,
  warning: { id: number; projectId: number; code: IndicatorCode },
  note: string,
  now: Date,
): Promise<LinkageFields> {
  const project = await db
    .selectFrom('project')
    .select(['name', 'tenderer'])
    .where('id', '=', warning.projectId)
    .executeTakeFirstOrThrow()
  const stored = await db
    .selectFrom('supervisionWarning')
    .select(['explanation', 'inputs'])
    .where('id', '=', warning.id)
    .executeTakeFirstOrThrow()
  const indicator = INDICATORS[warning.code]
  const inputs = (
    JSON.parse(stored.inputs) as { label: string; value: unknown }[]
  )
    .map((input) => `${input.label}：${String(input.value)}`)
    .join('；')
  const today = toShanghaiText(now).slice(0, 10)
  return {
    projectId: warning.projectId,
    title: `${project.name}：${indicator.name}`.slice(0, 100),
    item: `${indicator.name}（${indicator.basis}）`.slice(0, 200),
    finding:
      `${stored.explanation}\n依据：${inputs}。\n核实情况：${note}`.slice(
        0,
        2000,
      ),
    requirement: `请责任单位依照${indicator.basis}的规定说明情况、依法整改，并在整改期限内报送整改情况。`,
    responsibleUnit: project.tenderer.slice(0, 200),
    status: 1,
    foundDate: today,
    deadline: addDays(today, 30),
    rectifiedDate: null,
    content: '<p>整改中，待责任单位报送整改情况。</p>',
    attachments: [],
  }
}

export async function recordLinkage(
  db: Kysely<Database>,
  warningId: number,
  linkageItemId: number,
): Promise<void> {
  await db
    .updateTable('supervisionWarning')
    .set({ linkageItemId })
    .where('id', '=', warningId)
    .execute()
}
