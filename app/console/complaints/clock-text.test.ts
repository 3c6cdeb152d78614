import { describe, expect, it } from 'vitest'

import type { QueueClock } from '#common/schemas/complaint/complaint-queue.ts'

import { clockText } from './clock-text.ts'

const running = (overrides: Partial<QueueClock>): QueueClock => ({
  kind: 'acceptance',
  dueDate: '2026-11-09',
  workdaysLeft: 3,
  isPaused: false,
  pausedWorkdays: 0,
  isProvisional: false,
  ...overrides,
})

describe('clockText', () => {
  it('counts the working days left to accept or to decide', () => {
    expect(clockText(running({ workdaysLeft: 3 }))).toMatchObject({
      text: '剩余3个工作日受理',
      tone: 'info',
      period: '受理期限',
      dueDate: '2026-11-09',
    })
    expect(
      clockText(running({ kind: 'decision', workdaysLeft: 12 })).text,
    ).toBe('剩余12个工作日作出处理决定')
  })

  it('warns two working days before, and in red on the day and once overdue', () => {
    expect(clockText(running({ workdaysLeft: 2 })).tone).toBe('warning')
    expect(clockText(running({ workdaysLeft: 0 }))).toMatchObject({
      text: '今日须受理',
      tone: 'danger',
    })
    expect(
      clockText(running({ kind: 'decision', workdaysLeft: -2 })),
    ).toMatchObject({ text: '已逾期2个工作日', tone: 'danger' })
  })

  it('shows a paused clock with the working days it has stood still', () => {
    expect(
      clockText(
        running({
          kind: 'decision',
          isPaused: true,
          dueDate: null,
          workdaysLeft: null,
          pausedWorkdays: 5,
        }),
      ),
    ).toMatchObject({
      text: '中止计时中',
      tone: 'warning',
      dueDate: null,
      pausedNote: '已中止5个工作日，不计入期限',
    })
    // Paused today: no count of days yet to speak of.
    expect(
      clockText(running({ isPaused: true, dueDate: null, workdaysLeft: null }))
        .pausedNote,
    ).toBeNull()
    // Running again: the days not counted are said under the count.
    expect(
      clockText(running({ kind: 'decision', pausedWorkdays: 5 })).pausedNote,
    ).toBe('已扣除中止计时的5个工作日')
  })

  it('shows a dash when no statutory period runs', () => {
    expect(
      clockText(running({ kind: null, dueDate: null, workdaysLeft: null })),
    ).toMatchObject({ text: '—', period: '无进行中的法定期限' })
  })
})
