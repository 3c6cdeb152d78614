import type { StatusTone } from '#app/components/ui/status-tag.tsx'
import type { QueueClock } from '#common/schemas/complaint/complaint-queue.ts'

const PURPOSE = { acceptance: '受理', decision: '作出处理决定' } as const

type ClockText = {
  text: string
  tone: StatusTone
  period: string
  dueDate: string | null
  pausedNote: string | null
}

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
      period:
        clock.kind === 'acceptance'
          ? `${period}（要求补正材料，补正期间中止计时）`
          : `${period}（检验、检测、鉴定、专家评审期间中止计时）`,
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
