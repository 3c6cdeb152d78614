import { Table } from 'antd'

import type {
  ComplaintFigureRow,
  ComplaintFigures,
} from '#common/schemas/complaint/complaint-figures.ts'

import styles from './complaint-figures-table.module.css'

const dash = (value: number | null) => (value === null ? '—' : value)
const share = (value: number | null) =>
  value === null ? '—' : `${(value * 100).toFixed(1)}%`

// 投诉处理情况: one row per month, quarter, complaint type or 承办人, the total last. Shared by the
// console's 投诉统计 and the public page, which shows no names.
export function ComplaintFiguresTable({
  id,
  caption,
  groupLabel,
  rows,
  total,
}: {
  id: string
  caption: string
  groupLabel: string
  rows: ComplaintFigureRow[]
  total: ComplaintFigureRow
}) {
  return (
    <>
      <p id={`${id}-hint`} className={styles.hint}>
        {caption}（左右滑动查看更多）
      </p>
      <div
        className={`portal-table-scroll ${styles.scroll}`}
        role="region"
        aria-label={caption}
        aria-describedby={`${id}-hint`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
      >
        <Table<ComplaintFigureRow>
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={[...rows, total]}
          rowClassName={(row) =>
            row.key === 'total' ? (styles.total ?? '') : ''
          }
          columns={[
            { title: groupLabel, dataIndex: 'label' },
            { title: '收到', dataIndex: 'received', align: 'right' },
            { title: '受理', dataIndex: 'accepted', align: 'right' },
            { title: '不予受理', dataIndex: 'refused', align: 'right' },
            { title: '撤回', dataIndex: 'withdrawn', align: 'right' },
            { title: '移交', dataIndex: 'transferred', align: 'right' },
            { title: '已作出处理决定', dataIndex: 'decided', align: 'right' },
            { title: '办理中', dataIndex: 'open', align: 'right' },
            {
              title: '按期作出受理决定',
              dataIndex: 'acceptanceOnTime',
              align: 'right',
            },
            {
              title: '按期处理率',
              key: 'share',
              align: 'right',
              render: (_, row) =>
                row.decided === 0
                  ? '—'
                  : `${share(row.decisionOnTimeShare)}（${row.decisionOnTime}/${row.decided}）`,
            },
            {
              title: '受理用时（工作日，平均/最长）',
              key: 'acceptanceDays',
              align: 'right',
              render: (_, row) =>
                `${dash(row.acceptanceDays.mean)} / ${dash(row.acceptanceDays.longest)}`,
            },
            {
              title: '处理用时（工作日，平均/最长）',
              key: 'decisionDays',
              align: 'right',
              render: (_, row) =>
                `${dash(row.decisionDays.mean)} / ${dash(row.decisionDays.longest)}`,
            },
          ]}
        />
      </div>
    </>
  )
}

/**
 * The figures' tables, each under its heading: by month or quarter, by complaint type, and, in
 * the console only, by 承办人.
 */
export function ComplaintFiguresSections({
  figures,
  byAssignee,
}: {
  figures: ComplaintFigures
  byAssignee?: ComplaintFigureRow[]
}) {
  const unit = figures.period === 'month' ? '月份' : '季度'
  const sections = [
    {
      id: 'period',
      heading: figures.period === 'month' ? '各月' : '各季度',
      groupLabel: unit,
      caption: `${figures.year}年按${unit}统计`,
      rows: figures.byPeriod,
    },
    {
      id: 'type',
      heading: '按投诉类型',
      groupLabel: '投诉类型',
      caption: `${figures.year}年按投诉类型统计`,
      rows: figures.byType,
    },
    ...(byAssignee
      ? [
          {
            id: 'assignee',
            heading: '按承办人',
            groupLabel: '承办人',
            caption: `${figures.year}年按承办人统计`,
            rows: byAssignee,
          },
        ]
      : []),
  ]
  return sections.map((section) => (
    <section key={section.id} aria-labelledby={`figures-${section.id}-title`}>
      <h2 id={`figures-${section.id}-title`} className={styles.heading}>
        {section.heading}
      </h2>
      <ComplaintFiguresTable
        id={`figures-${section.id}`}
        caption={section.caption}
        groupLabel={section.groupLabel}
        rows={section.rows}
        total={figures.total}
      />
    </section>
  ))
}
