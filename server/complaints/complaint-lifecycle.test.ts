import { describe, expect, it } from 'vitest'

import {
  COMPLAINT_STATES,
  type ComplaintState,
} from '#common/constants/statute.ts'
import { acceptanceDueDate, startOfNextDay } from './complaint-deadlines.ts'
import { LIFECYCLE, planTransition } from './complaint-lifecycle.ts'
import type {
  ActorKind,
  ComplaintSnapshot,
  LifecycleAction,
} from './lifecycle-rule.ts'
import { officialCalendar } from './working-calendar.ts'

const calendar = officialCalendar()
const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`)

function snapshot(
  overrides: Partial<ComplaintSnapshot> = {},
): ComplaintSnapshot {
  return {
    state: 'submitted',
    stateBeforeWithdrawal: null,
    receivedAt: null,
    acceptedAt: null,
    acceptanceDueDate: null,
    autoAcceptAt: null,
    acceptanceStoppedAt: null,
    acceptanceExcludedWorkdays: 0,
    decisionDueDate: null,
    excludedWorkdays: 0,
    extensionWorkdays: 0,
    clockPausedAt: null,
    isMaterialRequested: 0,
    isActivitySuspended: 0,
    isPublished: 0,
    ...overrides,
  }
}

/** A complaint in `state` that satisfies the action's own guard (flags set as it needs). */
function readyFor(action: LifecycleAction, state: ComplaintState) {
  return snapshot({
    state,
    stateBeforeWithdrawal: state === 'withdrawal_requested' ? 'accepted' : null,
    receivedAt: '2026-09-18 10:00:00',
    acceptanceDueDate: '2026-09-22',
    autoAcceptAt: '2026-09-23 00:00:00',
    acceptedAt: '2026-09-23 00:00:00',
    isMaterialRequested: action === 'answer-material' ? 1 : 0,
    isActivitySuspended: action === 'resume-activity' ? 1 : 0,
    clockPausedAt: action === 'resume-clock' ? '2026-10-12 09:00:00' : null,
  })
}

// The lifecycle table of architecture.md, written out independently of LIFECYCLE.
const EXPECTED: Record<
  LifecycleAction,
  [ActorKind, ComplaintState[] | 'any', ComplaintState | 'same' | 'previous']
> = {
  sign: ['staff', ['submitted'], 'received'],
  accept: ['staff', ['received'], 'accepted'],
  // 条例 art. 61/62: accepted by lapse of time whether or not staff signed for it.
  'auto-accept': ['system', ['submitted', 'received'], 'accepted'],
  refuse: ['staff', ['submitted', 'received'], 'refused'],
  transfer: ['staff', ['received'], 'transferred'],
  revoke: ['complainant', ['submitted'], 'revoked'],
  'apply-withdrawal': [
    'complainant',
    ['received', 'accepted'],
    'withdrawal_requested',
  ],
  'grant-withdrawal': ['staff', ['withdrawal_requested'], 'withdrawn'],
  'refuse-withdrawal': ['staff', ['withdrawal_requested'], 'previous'],
  'request-material': ['staff', ['received', 'accepted'], 'same'],
  'answer-material': [
    'complainant',
    ['received', 'accepted', 'withdrawal_requested'],
    'same',
  ],
  'record-transcript': ['staff', ['accepted', 'withdrawal_requested'], 'same'],
  'suspend-activity': ['staff', ['received', 'accepted'], 'same'],
  'resume-activity': ['staff', 'any', 'same'],
  'pause-clock': ['staff', ['accepted'], 'same'],
  'resume-clock': ['staff', ['accepted', 'withdrawal_requested'], 'same'],
  extend: ['staff', ['accepted'], 'same'],
  decide: ['staff', ['accepted'], 'decided'],
  publish: ['staff', ['decided'], 'same'],
}

const NOW = at('2026-10-20 10:00:00')
const STATES = COMPLAINT_STATES.map((s) => s.value)

describe('the lifecycle table', () => {
  it('has exactly the actions of architecture.md', () => {
    expect(Object.keys(LIFECYCLE).sort()).toEqual(Object.keys(EXPECTED).sort())
  })

  for (const [action, [actorKind, from, to]] of Object.entries(EXPECTED) as [
    LifecycleAction,
    (typeof EXPECTED)[LifecycleAction],
  ][]) {
    for (const state of STATES) {
      const isAllowed = from === 'any' || from.includes(state)
      it(`${action} from ${state}: ${isAllowed ? 'allowed' : 'refused'}`, () => {
        const c = readyFor(action, state)
        const actor = { kind: actorKind, name: '张三' }
        const plan = () =>
          planTransition(c, action, actor, NOW, calendar, { workdays: 5 })
        if (!isAllowed) {
          expect(plan).toThrow(/投诉当前状态为“.+”，不能/)
          return
        }
        const result = plan()
        const expected =
          to === 'same' ? state : to === 'previous' ? 'accepted' : to
        expect(result.toState).toBe(expected)
        expect(result.changes.state).toBe(expected)
      })
    }
    it(`${action} is refused to anyone but the ${actorKind}`, () => {
      const other: ActorKind = actorKind === 'staff' ? 'complainant' : 'staff'
      const state = from === 'any' ? 'accepted' : from[0]!
      expect(() =>
        planTransition(
          readyFor(action, state),
          action,
          { kind: other, name: '李四' },
          NOW,
          calendar,
          { workdays: 5 },
        ),
      ).toThrow(/只能由/)
    })
  }
})

describe('guards', () => {
  it('refuses automatic acceptance before the period has passed', () => {
    const c = readyFor('auto-accept', 'received')
    expect(() =>
      planTransition(
        c,
        'auto-accept',
        { kind: 'system', name: '系统' },
        at('2026-09-22 23:59:59'),
        calendar,
      ),
    ).toThrow('受理期限尚未届满')
  })

  it('refuses a decision while the clock is paused', () => {
    const c = snapshot({
      state: 'accepted',
      acceptedAt: '2026-09-23 00:00:00',
      clockPausedAt: '2026-10-12 09:00:00',
    })
    expect(() =>
      planTransition(
        c,
        'decide',
        { kind: 'staff', name: '王五' },
        NOW,
        calendar,
      ),
    ).toThrow(/请先恢复计时/)
  })

  it('refuses a second suspension, a second publication and an answer nobody asked for', () => {
    const staff = { kind: 'staff' as const, name: '王五' }
    expect(() =>
      planTransition(
        snapshot({ state: 'accepted', isActivitySuspended: 1 }),
        'suspend-activity',
        staff,
        NOW,
        calendar,
      ),
    ).toThrow('招标投标活动已处于暂停状态')
    expect(() =>
      planTransition(
        snapshot({ state: 'decided', isPublished: 1 }),
        'publish',
        staff,
        NOW,
        calendar,
      ),
    ).toThrow('处理结果已公开')
    expect(() =>
      planTransition(
        snapshot({ state: 'accepted' }),
        'answer-material',
        { kind: 'complainant', name: '李明' },
        NOW,
        calendar,
      ),
    ).toThrow('当前没有需要补正的材料')
  })

  it('returns a refused withdrawal to 待受理 when it was asked before acceptance, with the acceptance clock again', () => {
    const c = snapshot({
      state: 'withdrawal_requested',
      stateBeforeWithdrawal: 'received',
      acceptanceDueDate: '2026-10-09',
    })
    const plan = planTransition(
      c,
      'refuse-withdrawal',
      { kind: 'staff', name: '王五' },
      NOW,
      calendar,
    )
    expect(plan.toState).toBe('received')
    expect(plan.changes.autoAcceptAt).toBe('2026-10-10 00:00:00')
  })
})

describe('statutory clock', () => {
  const staff = { kind: 'staff' as const, name: '王五' }

  it('a complaint received on 2026-09-29 is due for acceptance on 2026-10-09 (国庆节 not counted) and automatic on 10-10 00:00', () => {
    const due = acceptanceDueDate('2026-09-29 16:00:00', calendar)
    expect(due).toBe('2026-10-09')
    expect(startOfNextDay(due)).toBe('2026-10-10 00:00:00')
  })

  it('a complaint received on Friday 2026-09-18 counts the Sunday 调休 working day 09-20', () => {
    expect(acceptanceDueDate('2026-09-18 11:00:00', calendar)).toBe(
      '2026-09-22',
    )
  })

  it('signing for a complaint neither starts nor moves its acceptance clock', () => {
    const filed = snapshot({
      acceptanceDueDate: '2026-10-08',
      autoAcceptAt: '2026-10-09 00:00:00',
    })
    const plan = planTransition(
      filed,
      'sign',
      staff,
      at('2026-09-30 16:00:00'),
      calendar,
    )
    expect(plan.toState).toBe('received')
    expect(plan.changes.receivedAt).toBe('2026-09-30 16:00:00')
    expect(plan.changes).not.toHaveProperty('acceptanceDueDate')
    expect(plan.changes).not.toHaveProperty('autoAcceptAt')
  })

  it('accepts a complaint nobody signed for once its period has passed, with the decision clock from then', () => {
    const filed = snapshot({
      acceptanceDueDate: '2026-10-08',
      autoAcceptAt: '2026-10-09 00:00:00',
    })
    const system = { kind: 'system' as const, name: '系统' }
    expect(() =>
      planTransition(
        filed,
        'auto-accept',
        system,
        at('2026-10-08 23:59:59'),
        calendar,
      ),
    ).toThrow('受理期限尚未届满')
    const plan = planTransition(
      filed,
      'auto-accept',
      system,
      at('2026-10-09 00:00:00'),
      calendar,
    )
    expect(plan.fromState).toBe('submitted')
    expect(plan.toState).toBe('accepted')
    expect(plan.changes).toMatchObject({
      acceptedAt: '2026-10-09 00:00:00',
      autoAcceptAt: null,
      decisionDueDate: calendar.addWorkdays('2026-10-09', 30),
    })
    expect(plan.changes).not.toHaveProperty('receivedAt')
  })

  it('acceptance on 2026-09-25 makes the decision due 30 working days later, past 国庆节 and the 调休 Saturday', () => {
    const c = snapshot({ state: 'received', receivedAt: '2026-09-24 09:00:00' })
    const plan = planTransition(
      c,
      'accept',
      staff,
      at('2026-09-25 10:00:00'),
      calendar,
    )
    // 9-28..9-30 (3), 10-8, 10-9, 10-10 (6), then 24 more weekdays from 10-12: 11-12.
    expect(plan.changes.decisionDueDate).toBe('2026-11-12')
    expect(calendar.addWorkdays('2026-09-25', 30)).toBe('2026-11-12')
  })

  it('adds the working days of a pause for expert review to the decision period', () => {
    const c = snapshot({
      state: 'accepted',
      acceptedAt: '2026-09-25 10:00:00',
      decisionDueDate: '2026-11-12',
      clockPausedAt: '2026-10-12 09:00:00',
    })
    // Paused Monday 10-12, resumed Monday 10-19: five working days excluded.
    const plan = planTransition(
      c,
      'resume-clock',
      staff,
      at('2026-10-19 15:00:00'),
      calendar,
    )
    expect(plan.changes.excludedWorkdays).toBe(5)
    expect(plan.changes.decisionDueDate).toBe(
      calendar.addWorkdays('2026-09-25', 35),
    )
    expect(plan.changes.decisionDueDate).toBe('2026-11-19')
    expect(plan.changes.clockPausedAt).toBeNull()
  })

  it('stops the acceptance clock for material asked before acceptance, but not once the period has passed', () => {
    const c = snapshot({
      state: 'received',
      receivedAt: '2026-09-29 10:00:00',
      acceptanceDueDate: '2026-10-09',
      autoAcceptAt: '2026-10-10 00:00:00',
    })
    const plan = planTransition(
      c,
      'request-material',
      staff,
      at('2026-09-30 10:00:00'),
      calendar,
    )
    expect(plan.changes).toMatchObject({
      isMaterialRequested: 1,
      acceptanceStoppedAt: '2026-09-30 10:00:00',
      autoAcceptAt: null,
    })
    expect(() =>
      planTransition(
        { ...c, ...plan.changes },
        'accept',
        staff,
        at('2026-09-30 11:00:00'),
        calendar,
      ),
    ).toThrow(/已要求投诉人补正材料，受理期限中止计时/)
    // Accepted by law at 00:00 of 10-10, whether or not the job has run yet.
    expect(() =>
      planTransition(
        c,
        'request-material',
        staff,
        at('2026-10-10 00:00:30'),
        calendar,
      ),
    ).toThrow('受理期限已经届满，投诉依法视为受理；请在受理后要求补正材料')
  })

  it('extends the decision period by the working days of the extension', () => {
    const c = snapshot({
      state: 'accepted',
      acceptedAt: '2026-09-25 10:00:00',
      excludedWorkdays: 5,
    })
    const plan = planTransition(c, 'extend', staff, NOW, calendar, {
      workdays: 10,
    })
    expect(plan.changes.extensionWorkdays).toBe(10)
    expect(plan.changes.decisionDueDate).toBe(
      calendar.addWorkdays('2026-09-25', 45),
    )
  })

  it('refuses with a clear error when the deadline runs into a year the calendar does not cover', () => {
    expect(() => acceptanceDueDate('2099-12-30 10:00:00', calendar)).toThrow(
      /节假日日历尚未包含2099年/,
    )
  })
})
