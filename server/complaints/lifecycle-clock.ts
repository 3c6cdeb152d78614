import { COMPLAINT_CLOCK_PAUSE_KINDS } from '#common/constants/statute.ts'
import { Refusal } from '#server/shared/refusal.ts'

import { dateOf, decisionDueDate } from './complaint-deadlines.ts'
import { clockPauseNotice, extensionStatement } from './complaint-documents.ts'
import { label, type Rule } from './lifecycle-rule.ts'

export const pauseClockRule: Rule<'pause-clock'> = {
  label: '中止计时（检验、检测、鉴定、专家评审）',
  actor: 'staff',
  from: ['accepted'],
  guard: (c) => (c.clockPausedAt ? '处理期限已在中止计时中' : undefined),
  changes: (_c, { stamp }) => ({ clockPausedAt: stamp }),
  reason: (p) => `${label(COMPLAINT_CLOCK_PAUSE_KINDS, p.kind)}：${p.reason}`,
  document: clockPauseNotice,
}

export const resumeClockRule: Rule<'resume-clock'> = {
  label: '恢复计时',
  actor: 'staff',
  from: ['accepted', 'withdrawal_requested'],
  guard: (c) => (c.clockPausedAt ? undefined : '处理期限未中止计时'),
  changes: (c, { today, calendar }) => {
    // 条例 art. 62: time for testing or expert review is not counted; the working days
    // from the pause (inclusive) to the resumption (exclusive) are added to the period.
    const excluded =
      c.excludedWorkdays +
      calendar.countWorkdays(dateOf(c.clockPausedAt!), today)
    return {
      clockPausedAt: null,
      excludedWorkdays: excluded,
      decisionDueDate: decisionDueDate(
        { ...c, excludedWorkdays: excluded },
        calendar,
      ),
    }
  },
  reason: (p) => p.note || '恢复计算处理期限',
}

export const extendRule: Rule<'extend'> = {
  label: '延长处理期限',
  actor: 'staff',
  from: ['accepted'],
  changes: (c, { workdays, calendar }) => {
    if (workdays < 1) throw new Refusal(400, '请填写延长的工作日数')
    const extension = c.extensionWorkdays + workdays
    return {
      extensionWorkdays: extension,
      ...(c.clockPausedAt
        ? {}
        : {
            decisionDueDate: decisionDueDate(
              { ...c, extensionWorkdays: extension },
              calendar,
            ),
          }),
    }
  },
  reason: (p) =>
    `延长${String(p.workdays)}个工作日（${p.approvedBy}批准）：${p.statement}`,
  document: extensionStatement,
}
