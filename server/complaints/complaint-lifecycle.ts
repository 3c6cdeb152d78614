import {
  COMPLAINT_STATES,
  type ComplaintState,
} from '#common/constants/statute.ts'
import type { ComplaintRow } from '#server/db/schema.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'

import { dateOf } from './complaint-deadlines.ts'
import {
  acceptRule,
  autoAcceptRule,
  refuseRule,
  signRule,
  transferRule,
} from './lifecycle-acceptance.ts'
import {
  extendRule,
  pauseClockRule,
  resumeClockRule,
} from './lifecycle-clock.ts'
import { decideRule, publishRule } from './lifecycle-decision.ts'
import {
  answerMaterialRule,
  recordTranscriptRule,
  requestMaterialRule,
  resumeActivityRule,
  suspendActivityRule,
} from './lifecycle-investigation.ts'
import type {
  Actor,
  ActorKind,
  ComplaintSnapshot,
  LifecycleAction,
  Rule,
} from './lifecycle-rule.ts'
import {
  applyWithdrawalRule,
  grantWithdrawalRule,
  refuseWithdrawalRule,
  revokeRule,
} from './lifecycle-withdrawal.ts'
import type { WorkingCalendar } from './working-calendar.ts'

// 招标投标法实施条例 art. 60-62 and 工程建设项目招标投标活动投诉处理办法. The rows are listed in the
// order of a case.

export const LIFECYCLE: { [A in LifecycleAction]: Rule<A> } = {
  sign: signRule,
  accept: acceptRule,
  'auto-accept': autoAcceptRule,
  refuse: refuseRule,
  transfer: transferRule,
  revoke: revokeRule,
  'apply-withdrawal': applyWithdrawalRule,
  'grant-withdrawal': grantWithdrawalRule,
  'refuse-withdrawal': refuseWithdrawalRule,
  'request-material': requestMaterialRule,
  'answer-material': answerMaterialRule,
  'record-transcript': recordTranscriptRule,
  'suspend-activity': suspendActivityRule,
  'resume-activity': resumeActivityRule,
  'pause-clock': pauseClockRule,
  'resume-clock': resumeClockRule,
  extend: extendRule,
  decide: decideRule,
  publish: publishRule,
}

export function stateLabel(state: string): string {
  return COMPLAINT_STATES.find((s) => s.value === state)?.label ?? state
}

export function isActionAllowed(
  c: ComplaintSnapshot,
  action: LifecycleAction,
  actorKind: ActorKind,
  now: Date,
): boolean {
  const rule = LIFECYCLE[action]
  if (rule.actor !== actorKind) return false
  if (rule.from !== 'any' && !rule.from.includes(c.state as ComplaintState))
    return false
  return rule.guard?.(c, now) === undefined
}

export function assertActionAllowed(
  c: ComplaintSnapshot,
  action: LifecycleAction,
  actor: Actor,
  now: Date,
): Rule {
  const rule = LIFECYCLE[action]
  if (rule.actor !== actor.kind) {
    const who = { complainant: '投诉人', staff: '行政监督部门', system: '系统' }
    throw new Refusal(403, `“${rule.label}”只能由${who[rule.actor]}办理`)
  }
  if (rule.from !== 'any' && !rule.from.includes(c.state as ComplaintState)) {
    const allowed = rule.from.map(stateLabel).join('、')
    throw new Refusal(
      409,
      `投诉当前状态为“${stateLabel(c.state)}”，不能${rule.label}（仅在“${allowed}”状态下可以办理）`,
    )
  }
  const refusal = rule.guard?.(c, now)
  if (refusal) throw new Refusal(409, refusal)
  return rule
}

type TransitionPlan = {
  fromState: ComplaintState
  toState: ComplaintState
  changes: Partial<ComplaintRow>
}

export function planTransition(
  c: ComplaintSnapshot,
  action: LifecycleAction,
  actor: Actor,
  now: Date,
  calendar: WorkingCalendar,
  options: { workdays?: number } = {},
): TransitionPlan {
  const rule = assertActionAllowed(c, action, actor, now)
  const stamp = toShanghaiText(now)
  const today = dateOf(stamp)
  const fromState = c.state as ComplaintState
  const toState: ComplaintState =
    rule.to === 'previous'
      ? ((c.stateBeforeWithdrawal as ComplaintState | null) ?? 'accepted')
      : (rule.to ?? fromState)
  const changes: Partial<ComplaintRow> = {
    state: toState,
    updatedAt: stamp,
    ...rule.changes?.(c, {
      stamp,
      today,
      fromState,
      toState,
      calendar,
      workdays: options.workdays ?? 0,
    }),
  }
  return { fromState, toState, changes }
}
