import { Link } from 'react-router'

import type { StaffComplaintDashboard } from '#common/schemas/complaint/complaint-queue.ts'

import { queueHref } from './queue-query.ts'
import styles from './workbench.module.css'

type Figure = {
  key: keyof Omit<StaffComplaintDashboard, 'today'>
  label: string
  /** The queue filter the figure counts. */
  filter: Parameters<typeof queueHref>[0]
  /** Shown in red when there is any. */
  isAlarming?: boolean
}

const FIGURES: Figure[] = [
  {
    key: 'overdue',
    label: '已逾期',
    filter: { deadline: 'overdue' },
    isAlarming: true,
  },
  {
    key: 'dueToday',
    label: '今日到期',
    filter: { deadline: 'due_today' },
    isAlarming: true,
  },
  {
    key: 'dueSoon',
    label: '3个工作日内到期',
    filter: { deadline: 'due_soon' },
  },
  { key: 'awaitingSigning', label: '待签收', filter: { state: 'submitted' } },
  {
    key: 'awaitingDecision',
    label: '待负责人决定',
    filter: { flag: 'ready_for_decision' },
  },
  {
    key: 'withdrawalRequests',
    label: '撤诉申请待决定',
    filter: { flag: 'withdrawal_requested' },
  },
]

/**
 * What needs the department today (GET /staff-api/complaints/dashboard): each figure links to
 * the queue filtered to the complaints it counts; overdue and due today are red when any.
 */
export function DashboardFigures({
  figures,
}: {
  figures: StaffComplaintDashboard
}) {
  return (
    <section aria-labelledby="dashboard-title" className="portal-panel">
      <h2 id="dashboard-title" className={styles.sectionTitle}>
        今日待办（{figures.today}）
      </h2>
      <ul className={styles.figures}>
        {FIGURES.map((figure) => {
          const count = figures[figure.key]
          return (
            <li key={figure.key}>
              <Link to={queueHref(figure.filter)} className={styles.figure}>
                <span className={styles.figureLabel}>{figure.label}</span>
                <span
                  className={`${styles.figureValue} ${figure.isAlarming && count > 0 ? styles.figureAlert : ''}`}
                >
                  <span className="visually-hidden">：</span>
                  {count}
                  <span className="visually-hidden">件</span>
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
