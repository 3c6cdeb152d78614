import type { StatutoryDeadline } from '#common/schemas/complaint/complaint-follow-up.ts'

import { StatusTag, type StatusTone } from './status-tag.tsx'

const DEADLINE_STATUS: Record<
  StatutoryDeadline['status'],
  { text: string; tone: StatusTone }
> = {
  pending: { text: '期限内', tone: 'info' },
  paused: { text: '中止计时', tone: 'warning' },
  met: { text: '已按期办结', tone: 'success' },
  overdue: { text: '已超期', tone: 'danger' },
}

export const DeadlineStatusTag = ({
  status,
}: {
  status: StatutoryDeadline['status']
}) => (
  <StatusTag tone={DEADLINE_STATUS[status].tone}>
    {DEADLINE_STATUS[status].text}
  </StatusTag>
)
