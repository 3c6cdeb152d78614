import { Tooltip } from 'antd'

import { StatusTag } from '#app/components/ui/status-tag.tsx'
import {
  MSG_DEADLINE_PROVISIONAL,
  provisionalDeadlineNote,
} from '#common/messages.ts'
import type { QueueClock } from '#common/schemas/complaint/complaint-queue.ts'

import { clockText } from './clock-text.ts'
import styles from './workbench.module.css'

// 暂定: the due date's year has no holiday notice yet.
export function ProvisionalBadge({ dueDate }: { dueDate: string }) {
  const note = provisionalDeadlineNote(Number(dueDate.slice(0, 4)))
  return (
    <Tooltip title={note}>
      <button
        type="button"
        className={styles.provisional}
        aria-label={`${MSG_DEADLINE_PROVISIONAL}：${note}`}
      >
        <StatusTag tone="warning">{MSG_DEADLINE_PROVISIONAL}</StatusTag>
      </button>
    </Tooltip>
  )
}

export function ClockCell({ clock }: { clock: QueueClock }) {
  const shown = clockText(clock)
  return (
    <div className={styles.clock}>
      <span className={styles.clockLine}>
        <StatusTag tone={shown.tone}>
          <span className="visually-hidden">{shown.period}：</span>
          {shown.text}
        </StatusTag>
        {clock.isProvisional && shown.dueDate ? (
          <ProvisionalBadge dueDate={shown.dueDate} />
        ) : null}
      </span>
      {shown.dueDate ? (
        <span className={styles.clockNote}>
          {shown.period}届满：{shown.dueDate}
        </span>
      ) : null}
      {shown.pausedNote ? (
        <span className={styles.clockNote}>{shown.pausedNote}</span>
      ) : null}
    </div>
  )
}
