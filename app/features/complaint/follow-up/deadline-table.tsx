import { Table } from 'antd'

import { DeadlineStatusTag } from '#app/components/ui/deadline-status-tag.tsx'
import { StatusTag } from '#app/components/ui/status-tag.tsx'
import {
  MSG_DEADLINE_PROVISIONAL,
  provisionalDeadlineNote,
} from '#common/messages.ts'
import type { StatutoryDeadline } from '#common/schemas/complaint/complaint-follow-up.ts'

import styles from './follow-up.module.css'

export function DeadlineTable({
  deadlines,
}: {
  deadlines: StatutoryDeadline[]
}) {
  // On a phone the table scrolls sideways in its own box, which keyboard users can focus; a
  // line above it and a shade at the edge with more beyond say so (only 2 of 5 columns show).
  return (
    <div className={styles.tableArea}>
      <p id="deadline-scroll-hint" className={styles.scrollHint}>
        左右滑动查看更多
      </p>
      <div
        className={`portal-table-scroll ${styles.tableScroll}`}
        role="region"
        aria-label="法定办理期限表格"
        aria-describedby="deadline-scroll-hint"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
      >
        <Table
          size="small"
          rowKey="kind"
          pagination={false}
          dataSource={deadlines}
          columns={[
            { title: '法定期限', dataIndex: 'label' },
            { title: '起算日', dataIndex: 'startDate' },
            {
              title: '期限（工作日）',
              key: 'workdays',
              render: (_, row) =>
                row.extensionWorkdays || row.excludedWorkdays
                  ? `${row.workdays}（含延长${row.extensionWorkdays}、不计入${row.excludedWorkdays}）`
                  : row.workdays,
            },
            {
              title: '届满日',
              key: 'due',
              render: (_, row) =>
                row.dueDate && row.provisional ? (
                  <>
                    {row.dueDate}{' '}
                    <StatusTag tone="warning">
                      {MSG_DEADLINE_PROVISIONAL}
                    </StatusTag>
                    <div className={styles.provisionalNote}>
                      {provisionalDeadlineNote(Number(row.dueDate.slice(0, 4)))}
                    </div>
                  </>
                ) : (
                  (row.dueDate ?? '中止计时中')
                ),
            },
            {
              title: '状态',
              key: 'status',
              render: (_, row) => (
                <>
                  <DeadlineStatusTag status={row.status} />
                  {row.pauseNote ? (
                    <div className={styles.pauseNote}>{row.pauseNote}</div>
                  ) : null}
                </>
              ),
            },
          ]}
        />
      </div>
    </div>
  )
}
