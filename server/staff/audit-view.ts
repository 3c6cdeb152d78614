import type { Kysely } from 'kysely'

import { auditActionLabel } from '#common/audit-actions.ts'
import { auditDetailText, auditTargetText } from '#common/audit-text.ts'
import type { Database, StaffAuditRow } from '#server/db/schema.ts'

import {
  auditEntries,
  findAuditPage,
  type AuditFilter,
} from './audit-repository.ts'

export type AuditFilterInput = AuditFilter

// A day alone means the whole day: from its first second, to its last.
function normalized(filter: AuditFilter): AuditFilter {
  return {
    ...filter,
    from:
      filter.from && filter.from.length === 10
        ? `${filter.from} 00:00:00`
        : filter.from,
    to:
      filter.to && filter.to.length === 10
        ? `${filter.to} 23:59:59`
        : filter.to,
  }
}

const entryOf = (row: StaffAuditRow) => ({
  id: row.id,
  occurredAt: row.occurredAt,
  accountName: row.accountName,
  roles: row.roles ? row.roles.split(',') : [],
  address: row.address,
  action: row.action,
  target: row.target,
  outcome: row.outcome as 'ok' | 'refused',
  detail: JSON.parse(row.detail) as Record<string, unknown>,
})

export async function auditPage(
  db: Kysely<Database>,
  filter: AuditFilter,
  page: { pageNo: number; pageSize: number },
) {
  const { items, total } = await findAuditPage(db, normalized(filter), page)
  return { items: items.map(entryOf), total }
}

const CSV_HEADER = [
  '编号',
  '时间',
  '人员',
  '角色',
  '地址',
  '操作',
  '对象',
  '结果',
  '详情',
]

// A leading = + - @ gets a ' so a spreadsheet does not run it as a formula (CSV injection).
function csvField(value: string | number): string {
  let text = String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replaceAll('"', '""')}"`
}

// With a BOM, spreadsheets read UTF-8.
export async function auditCsv(
  db: Kysely<Database>,
  filter: AuditFilter,
): Promise<string> {
  const lines = [CSV_HEADER.map(csvField).join(',')]
  for await (const row of auditEntries(db, normalized(filter)))
    lines.push(
      [
        row.id,
        row.occurredAt,
        row.accountName,
        row.roles.replaceAll(',', '、'),
        row.address,
        auditActionLabel(row.action) === row.action
          ? row.action
          : `${auditActionLabel(row.action)}（${row.action}）`,
        auditTargetText(row.target),
        row.outcome === 'ok' ? '成功' : '拒绝',
        auditDetailText(JSON.parse(row.detail) as Record<string, unknown>),
      ]
        .map(csvField)
        .join(','),
    )
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
