import type { ComplaintRow } from '#server/db/schema.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'

import { decisionDueDate } from './complaint-deadlines.ts'
import {
  acceptanceNotice,
  autoAcceptanceNotice,
  refusalNotice,
  transferNotice,
} from './complaint-documents.ts'
import type {
  ComplaintSnapshot,
  Rule,
  TransitionContext,
} from './lifecycle-rule.ts'

/** Accepted now, by staff or by lapse: the decision clock starts. */
const acceptance = (
  c: ComplaintSnapshot,
  { stamp, calendar }: TransitionContext,
): Partial<ComplaintRow> => ({
  acceptedAt: stamp,
  autoAcceptAt: null,
  decisionDueDate: decisionDueDate({ ...c, acceptedAt: stamp }, calendar),
})

/** Closed now: no automatic acceptance is left to come. */
export const closing = (
  _c: ComplaintSnapshot,
  { stamp }: TransitionContext,
): Partial<ComplaintRow> => ({ closedAt: stamp, autoAcceptAt: null })

export const signRule: Rule<'sign'> = {
  label: '签收',
  actor: 'staff',
  from: ['submitted'],
  to: 'received',
  // Only the time staff signed for it: the acceptance clock started at submission
  // (fileComplaint) and signing neither starts nor moves it.
  changes: (_c, { stamp }) => ({ receivedAt: stamp }),
  reason: (p) => p.note || '行政监督部门已签收投诉',
}

/** Why neither 受理 nor 不予受理 can be decided now. */
const awaitingMaterial = (c: ComplaintSnapshot) =>
  c.acceptanceStoppedAt
    ? '已要求投诉人补正材料，受理期限中止计时：收到补正材料或补正期限届满后，才能决定是否受理'
    : undefined

export const acceptRule: Rule<'accept'> = {
  label: '受理',
  actor: 'staff',
  from: ['received'],
  to: 'accepted',
  guard: awaitingMaterial,
  changes: acceptance,
  reason: (p) => p.note || '投诉符合受理条件，决定受理',
  document: acceptanceNotice,
}

// 条例 art. 61/62: the period runs from receipt (submission), so a complaint nobody signed
// for is accepted by lapse of time as well; signing is the department's internal step.
export const autoAcceptRule: Rule<'auto-accept'> = {
  label: '期满自动受理',
  actor: 'system',
  from: ['submitted', 'received'],
  to: 'accepted',
  guard: (c, now) =>
    awaitingMaterial(c) ??
    (c.autoAcceptAt && toShanghaiText(now) >= c.autoAcceptAt
      ? undefined
      : '受理期限尚未届满'),
  changes: acceptance,
  reason: () => '收到投诉之日起三个工作日内未作出是否受理的决定，依法视为受理',
  document: autoAcceptanceNotice,
}

export const refuseRule: Rule<'refuse'> = {
  label: '不予受理',
  actor: 'staff',
  from: ['submitted', 'received'],
  to: 'refused',
  guard: awaitingMaterial,
  changes: closing,
  reason: (p) => p.reason,
  document: refusalNotice,
}

export const transferRule: Rule<'transfer'> = {
  label: '移交',
  actor: 'staff',
  from: ['received'],
  to: 'transferred',
  changes: closing,
  reason: (p) => `移交${p.receiver}：${p.reason}`,
  document: transferNotice,
}
