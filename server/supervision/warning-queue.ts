import { type Kysely, sql, type SqlBool } from 'kysely'

import {
  INDICATOR_CODES,
  INDICATORS,
  type IndicatorCode,
  WARNING_STATES,
  type WarningState,
} from '#common/constants/supervision.ts'
import { projectPath } from '#common/public-paths.ts'
import type {
  WarningDetail,
  WarningFigures,
  WarningPage,
  WarningQuery,
  WarningSummary,
} from '#common/schemas/supervision.ts'
import type { Database } from '#server/db/schema.ts'
import { containsPattern } from '#server/shared/like-pattern.ts'

// The 监督预警 queue as staff read it: the warnings with their projects and owners, oldest
// raised first, and one warning with its inputs and its trail.

const STEP_NAMES: Record<string, string> = {
  raised: '预警',
  reopened: '输入变化，重新预警',
  cleared: '不再触发，预警消除',
  assigned: '指派承办人',
  checking: '核查中',
  verified: '已核实',
  dismissed: '排除',
}

const OPEN: WarningState[] = ['raised', 'checking']

function listed(db: Kysely<Database>, query: WarningQuery, viewerId: number) {
  let q = db
    .selectFrom('supervisionWarning as w')
    .innerJoin('project as p', 'p.id', 'w.projectId')
    .leftJoin('staffAccount as a', 'a.id', 'w.assigneeId')
  if (query.state === 'open') q = q.where('w.state', 'in', OPEN)
  else if (query.state !== 'all') q = q.where('w.state', '=', query.state)
  if (query.code) q = q.where('w.code', '=', query.code)
  if (query.assignee === 'me') q = q.where('w.assigneeId', '=', viewerId)
  else if (query.assignee === 'none') q = q.where('w.assigneeId', 'is', null)
  else if (query.assignee !== undefined)
    q = q.where('w.assigneeId', '=', query.assignee)
  if (query.keyword) {
    const pattern = containsPattern(query.keyword)
    q = q.where(
      sql<SqlBool>`(p.name like ${pattern} escape '\\' or p.code like ${pattern} escape '\\')`,
    )
  }
  return q
}

const summaryColumns = [
  'w.id',
  'w.projectId',
  'p.code as projectCode',
  'p.name as projectName',
  'w.code',
  'w.state',
  'w.assigneeId',
  'a.displayName as assigneeName',
  'w.explanation',
  'w.raisedAt',
  'w.updatedAt',
] as const

type SummaryRow = {
  id: number
  projectId: number
  projectCode: string
  projectName: string
  code: string
  state: WarningState
  assigneeId: number | null
  assigneeName: string | null
  explanation: string
  raisedAt: string
  updatedAt: string
}

function toSummary(row: SummaryRow): WarningSummary {
  const code = row.code as IndicatorCode
  return {
    ...row,
    id: Number(row.id),
    projectId: Number(row.projectId),
    assigneeId: row.assigneeId === null ? null : Number(row.assigneeId),
    code,
    name: INDICATORS[code]?.name ?? row.code,
    stateName: WARNING_STATES[row.state],
  }
}

export async function pageWarnings(
  db: Kysely<Database>,
  query: WarningQuery,
  viewerId: number,
): Promise<WarningPage> {
  const [rows, total] = await Promise.all([
    listed(db, query, viewerId)
      .select(summaryColumns)
      .orderBy('w.raisedAt')
      .orderBy('w.id')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
    listed(db, query, viewerId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { items: rows.map(toSummary), total: Number(total.n) }
}

export async function findWarning(
  db: Kysely<Database>,
  id: number,
): Promise<WarningDetail | null> {
  const row = await db
    .selectFrom('supervisionWarning as w')
    .innerJoin('project as p', 'p.id', 'w.projectId')
    .leftJoin('staffAccount as a', 'a.id', 'w.assigneeId')
    .select([
      ...summaryColumns,
      'w.inputs',
      'w.dispositionNote',
      'w.linkageItemId',
    ])
    .where('w.id', '=', id)
    .executeTakeFirst()
  if (!row) return null
  const steps = await db
    .selectFrom('supervisionWarningStep')
    .select(['at', 'actorName', 'action', 'note'])
    .where('warningId', '=', id)
    .orderBy('id')
    .execute()
  const summary = toSummary(row)
  const indicator = INDICATORS[summary.code]
  return {
    ...summary,
    rule: indicator.rule,
    basis: indicator.basis,
    inputs: JSON.parse(row.inputs) as WarningDetail['inputs'],
    dispositionNote: row.dispositionNote,
    linkageItemId:
      row.linkageItemId === null ? null : Number(row.linkageItemId),
    projectPath: projectPath(summary.projectId),
    steps: steps.map((step) => ({
      at: step.at,
      actorName: step.actorName,
      action: STEP_NAMES[step.action] ?? step.action,
      note: step.note,
    })),
  }
}

export async function warningFigures(
  db: Kysely<Database>,
  viewerId: number,
): Promise<WarningFigures> {
  const rows = await db
    .selectFrom('supervisionWarning')
    .select([
      'code',
      'state',
      sql<number>`count(*)`.as('n'),
      sql<number>`sum(case when assignee_id = ${viewerId} then 1 else 0 end)`.as(
        'mine',
      ),
      sql<number>`sum(case when assignee_id is null then 1 else 0 end)`.as(
        'unassigned',
      ),
    ])
    .where('state', 'in', OPEN)
    .groupBy(['code', 'state'])
    .execute()
  const sum = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((total, row) => total + Number(pick(row)), 0)
  return {
    raised: sum((row) => (row.state === 'raised' ? row.n : 0)),
    checking: sum((row) => (row.state === 'checking' ? row.n : 0)),
    mine: sum((row) => row.mine),
    unassigned: sum((row) => row.unassigned),
    byCode: INDICATOR_CODES.map((code) => ({
      code,
      name: INDICATORS[code].name,
      open: sum((row) => (row.code === code ? row.n : 0)),
    })),
  }
}
