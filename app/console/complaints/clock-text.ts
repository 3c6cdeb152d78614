import type { StatusTone } from '#app/components/ui/status-tag.tsx'
import type { QueueClock } from '#common/schemas/complaint/complaint-queue.ts'

/** What a running clock is for: accepting the complaint, or deciding it. */
const PURPOSE = { acceptance: '受理', decision: '作出处理决定' } as const

/** A clock as the queue shows it: the main text, how urgent it looks, and the lines under it. */
type ClockText = {
  text: string
  tone: StatusTone
  /** The statutory period the text is about, for screen readers and the tooltip. */
  period: string
  /** 'YYYY-MM-DD' when a due date runs. */
  dueDate: string | null
  /** Working days not counted: while paused, and when the clock runs again after pauses. */
  pausedNote: string | null
}

/**
 * The clock cell's text: 「剩余3个工作日受理」, 「今日须受理」, 「已逾期2个工作日」 (danger),
 * 「中止计时中」 while paused (the days it has stood still under it), 「—」 when no statutory period runs. Two working days or
 * fewer left is a warning.
 */
export function clockText(clock: QueueClock): ClockText {
  if (!clock.kind)
    return {
      text: '—',
      tone: 'neutral',
      period: '无进行中的法定期限',
      dueDate: null,
      pausedNote: null,
    }
  const period = clock.kind === 'acceptance' ? '受理期限' : '处理期限'
  const purpose = PURPOSE[clock.kind]
  // 中止计时, as the statute and the detail say it: 暂停 is the tendering activity's suspension,
  // a different measure, and "paused for 0 days" on the first day said nothing.
  if (clock.isPaused)
    return {
      text: '中止计时中',
      tone: 'warning',
      period: `${period}（检验、检测、鉴定、专家评审期间中止计时）`,
      dueDate: null,
      pausedNote:
        clock.pausedWorkdays > 0
          ? `已中止${clock.pausedWorkdays}个工作日，不计入期限`
          : null,
    }
  const left = clock.workdaysLeft ?? 0
  const pausedNote =
    clock.pausedWorkdays > 0
      ? `已扣除中止计时的${clock.pausedWorkdays}个工作日`
      : null
  const base = { period, dueDate: clock.dueDate, pausedNote }
  if (left < 0)
    return { ...base, text: `已逾期${-left}个工作日`, tone: 'danger' }
  if (left === 0) return { ...base, text: `今日须${purpose}`, tone: 'danger' }
  return {
    ...base,
    text: `剩余${left}个工作日${purpose}`,
    tone: left <= 2 ? 'warning' : 'info',
  }
}
