import { Alert, Button, Pagination, Table } from 'antd'
import { useNavigate } from 'react-router'

import { StatusTag } from '#app/components/ui/status-tag.tsx'

import { TableScroll } from '#app/console/components/table-scroll.tsx'
import { ConsolePage } from '#app/console/components/console-page.tsx'
import { saveFile } from '#app/console/api/save-file.ts'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import type { AuditEntry } from '#app/console/api/staff-types.ts'
import { useConsoleCall } from '#app/console/api/use-console-call.ts'
import { auditActionLabel } from '#common/audit-actions.ts'
import { auditDetailText, auditTargetText } from '#common/audit-text.ts'
import { AuditFilters } from './audit-filters.tsx'
import styles from './audit.module.css'
import {
  AUDIT_PAGE_SIZE,
  auditFilterOf,
  type AuditQuery,
  auditQueryHref,
} from './audit-query.ts'

export function AuditLog({
  query,
  items,
  total,
}: {
  query: AuditQuery
  items: AuditEntry[]
  total: number
}) {
  const navigate = useNavigate()
  const exporting = useConsoleCall()

  async function exportCsv() {
    const file = await exporting.run(() =>
      staffApi.download('/audit/export', auditFilterOf(query)),
    )
    if (file) saveFile(file.blob, file.fileName)
  }

  return (
    <ConsolePage
      title="审计日志"
      actions={
        <Button onClick={() => void exportCsv()} loading={exporting.isPending}>
          导出CSV
        </Button>
      }
    >
      <AuditFilters query={query} />
      {exporting.error ? (
        <Alert type="error" showIcon title={exporting.error.message} />
      ) : null}
      <p className={styles.summary} role="status">
        共 {total}{' '}
        条记录，按时间从新到旧排列；导出的CSV包含全部符合条件的记录（从旧到新）。
      </p>
      <TableScroll label="审计日志表格" minWidth={1000}>
        <Table<AuditEntry>
          rowKey="id"
          size="small"
          dataSource={items}
          locale={{ emptyText: '没有符合条件的记录' }}
          pagination={false}
          columns={[
            {
              title: '时间',
              dataIndex: 'occurredAt',
              render: (at: string) => (
                <span className={styles.nowrap}>{at}</span>
              ),
            },
            { title: '人员', dataIndex: 'accountName' },
            {
              title: '角色',
              dataIndex: 'roles',
              render: (roles: string[]) => roles.join('、') || '—',
            },
            { title: '地址', dataIndex: 'address' },
            {
              title: '操作',
              dataIndex: 'action',
              // A refused request of no named action (`GET /staff-api/…`) is said once.
              render: (action: string) =>
                auditActionLabel(action) === action ? (
                  action
                ) : (
                  <>
                    {auditActionLabel(action)}
                    <span className={styles.actionCode}>{action}</span>
                  </>
                ),
            },
            {
              title: '对象',
              dataIndex: 'target',
              render: (target: string) => auditTargetText(target),
            },
            {
              title: '结果',
              dataIndex: 'outcome',
              render: (outcome: AuditEntry['outcome']) =>
                outcome === 'ok' ? (
                  <StatusTag tone="success">成功</StatusTag>
                ) : (
                  <StatusTag tone="danger">拒绝</StatusTag>
                ),
            },
            {
              title: '详情',
              dataIndex: 'detail',
              render: (detail: AuditEntry['detail']) =>
                Object.keys(detail).length > 0 ? (
                  <span className={styles.detail}>
                    {auditDetailText(detail)}
                  </span>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </TableScroll>
      {total > AUDIT_PAGE_SIZE ? (
        <Pagination
          align="end"
          current={query.pageNo}
          pageSize={AUDIT_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          showTotal={(count) => `共 ${count} 条`}
          onChange={(pageNo) =>
            void navigate(auditQueryHref({ ...query, pageNo }))
          }
        />
      ) : null}
    </ConsolePage>
  )
}
