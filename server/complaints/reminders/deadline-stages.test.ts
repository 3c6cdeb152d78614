import { describe, expect, it } from 'vitest'

import { officialCalendar } from '../working-calendar.ts'
import { reminderStage, runningDeadlines } from './deadline-stages.ts'

const calendar = officialCalendar()
const facts = {
  state: 'received',
  acceptanceDueDate: '2026-10-09',
  acceptanceStoppedAt: null,
  decisionDueDate: null,
  clockPausedAt: null,
  extensionWorkdays: 0,
  materialDueDate: null,
}

describe('the deadlines a complaint has running', () => {
  it('has the acceptance deadline until material stops it, and the material due date meanwhile', () => {
    expect(runningDeadlines(facts)).toEqual([
      { kind: 'acceptance', dueDate: '2026-10-09' },
    ])
    expect(
      runningDeadlines({
        ...facts,
        acceptanceStoppedAt: '2026-09-30 10:00:00',
        materialDueDate: '2026-10-12',
      }),
    ).toEqual([{ kind: 'material', dueDate: '2026-10-12' }])
  })

  it('has the decision deadline once accepted, named as extended after an extension, none while the clock is paused', () => {
    const accepted = {
      ...facts,
      state: 'accepted',
      decisionDueDate: '2026-11-20',
    }
    expect(runningDeadlines(accepted)).toEqual([
      { kind: 'decision', dueDate: '2026-11-20' },
    ])
    expect(runningDeadlines({ ...accepted, extensionWorkdays: 30 })).toEqual([
      { kind: 'extension', dueDate: '2026-11-20' },
    ])
    expect(
      runningDeadlines({ ...accepted, clockPausedAt: '2026-11-02 09:00:00' }),
    ).toEqual([])
    expect(runningDeadlines({ ...accepted, state: 'decided' })).toEqual([])
  })
})

describe('the reminder due on a day', () => {
  it('counts working days, skips holidays and weekends, and gives the nearest stage reached', () => {
    // Due Friday 10-09 after 国庆节 (10-01 to 10-07 off, 10-10 a working Saturday).
    expect(reminderStage('2026-10-08', '2026-10-09', [1, 0], calendar)).toBe(1)
    expect(reminderStage('2026-10-09', '2026-10-09', [1, 0], calendar)).toBe(0)
    // The last working day before the holiday is two working days before.
    expect(reminderStage('2026-09-30', '2026-10-09', [1, 0], calendar)).toBe(
      null,
    )
    expect(reminderStage('2026-09-30', '2026-10-09', [3, 1], calendar)).toBe(3)
    expect(reminderStage('2026-10-05', '2026-10-09', [5], calendar)).toBe(null)
    // Down on the day before, up on the day: only the day's reminder.
    expect(reminderStage('2026-10-09', '2026-10-09', [1], calendar)).toBe(1)
    expect(reminderStage('2026-10-12', '2026-10-09', [1, 0], calendar)).toBe(
      null,
    )
  })
})
