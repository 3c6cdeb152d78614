import { Grid, Table } from 'antd'

import { DeadlineStatusTag } from '#app/components/ui/deadline-status-tag.tsx'
import type { StatutoryDeadline } from '#common/schemas/complaint/complaint-follow-up.ts'

import { ProvisionalBadge } from './clock-cell.tsx'
import styles from './workbench.module.css'

const periodNote = (row: StatutoryDeadline) =>
  row.extensionWorkdays || row.excludedWorkdays
    ? `（含延长${row.extensionWorkdays}、不计入${row.excludedWorkdays}）`
    : ''

function DueDate({ row }: { row: StatutoryDeadline }) {
  if (!row.dueDate) return <>中止计时中</>
  return (
    <>
      {row.dueDate}
      {row.provisional ? (
        <>
          {' '}
          <ProvisionalBadge dueDate={row.dueDate} />
        </>
      ) : null}
    </>
  )
}

// On a phone one block each, so that nothing of the clock hides behind a sideways scroll.
export function Deadlines({ deadlines }: { deadlines: StatutoryDeadline[] }) {
  const isPhone = Grid.useBreakpoint().xs === true
  if (deadlines.length === 0)
    return <p className={styles.meta}>无进行中的法定期限</p>
  if (isPhone)
    return (
      <ul className={styles.deadlineList}>
        {deadlines.map((row) => (
          <li key={row.kind}>
            <strong>{row.label}</strong>
            <span className={styles.deadlineDue}>
              届满日：
              {row.dueDate ? <DueDate row={row} /> : '恢复计时后重新计算'}{' '}
              <DeadlineStatusTag status={row.status} />
            </span>
            {row.pauseNote ? (
              <span className={styles.meta}>{row.pauseNote}</span>
            ) : null}
            <span className={styles.meta}>
              自 {row.startDate} 起算{row.workdays}个工作日{periodNote(row)}
            </span>
          </li>
        ))}
      </ul>
    )
  return (
    <Table
      size="small"
      rowKey="kind"
      pagination={false}
      dataSource={deadlines}
      scroll={{ x: 710 }}
      columns={[
        { title: '法定期限', dataIndex: 'label' },
        { title: '起算日', dataIndex: 'startDate', width: 110 },
        {
          title: '期限（工作日）',
          key: 'workdays',
          width: 200,
          render: (_, row) => `${row.workdays}${periodNote(row)}`,
        },
        {
          title: '届满日',
          key: 'due',
          width: 160,
          render: (_, row) => <DueDate row={row} />,
        },
        {
          title: '状态',
          key: 'status',
          width: 180,
          render: (_, row) => (
            <>
              <DeadlineStatusTag status={row.status} />
              {row.pauseNote ? (
                <div className={styles.meta}>{row.pauseNote}</div>
              ) : null}
            </>
          ),
        },
      ]}
    />
  )
}
