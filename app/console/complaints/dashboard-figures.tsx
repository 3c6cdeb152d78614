import type { StaffComplaintDashboard } from '#common/schemas/complaint/complaint-queue.ts'

import { FigureTiles } from '#app/console/components/figure-tiles.tsx'
import { queueHref } from './queue-query.ts'

type Figure = {
  key: keyof Omit<StaffComplaintDashboard, 'today'>
  label: string
  filter: Parameters<typeof queueHref>[0]
  isAlarming?: boolean
}

const FIGURES: Figure[] = [
  { key: 'mine', label: '我承办的投诉', filter: { assignee: 'me' } },
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
    key: 'awaitingReview',
    label: '文书待核稿',
    filter: { flag: 'draft_submitted' },
  },
  {
    key: 'withdrawalRequests',
    label: '撤回申请待决定',
    filter: { flag: 'withdrawal_requested' },
  },
]

export function DashboardFigures({
  figures,
}: {
  figures: StaffComplaintDashboard
}) {
  return (
    <FigureTiles
      title={`今日待办（${figures.today}）`}
      unit="件"
      tiles={FIGURES.map((figure) => ({
        key: figure.key,
        label: figure.label,
        count: figures[figure.key],
        href: queueHref(figure.filter),
        isAlarming: figure.isAlarming,
      }))}
    />
  )
}
