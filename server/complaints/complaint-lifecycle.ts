import type { Transaction } from 'kysely'
import type { z } from 'zod'

import {
  COMPLAINT_ACCEPTANCE_WORKDAYS,
  COMPLAINT_CLOCK_PAUSE_KINDS,
  COMPLAINT_CONCLUSIONS,
  COMPLAINT_DECISION_WORKDAYS,
  COMPLAINT_STATES,
  type ComplaintState,
} from '#common/constants/statute.ts'
import type {
  MaterialAnswerSchema,
  WithdrawalApplySchema,
} from '#common/schemas/complaint/complaint-follow-up.ts'
import type {
  StaffAction,
  StaffActionPayload,
} from '#common/schemas/complaint/complaint-staff.ts'
import type { ComplaintRow, Database } from '#server/db/schema.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'

import {
  type RecordContext,
  recordMaterialAnswer,
  recordMaterialRequest,
  recordTranscript,
  recordWithdrawalFiles,
} from './complaint-action-records.ts'
import {
  acceptanceNotice,
  autoAcceptanceNotice,
  clockPauseNotice,
  decisionDocument,
  type DocumentContext,
  type DocumentDraft,
  extensionStatement,
  materialNotice,
  refusalNotice,
  resumptionNotice,
  suspensionNotice,
  transcript,
  transferNotice,
  withdrawalGranted,
  withdrawalRefused,
} from './complaint-documents.ts'
import {
  type KnownPersonalData,
  maskKnownPersonalData,
} from './mask-personal-data.ts'
import type { WorkingCalendar } from './working-calendar.ts'

/*
 * The complaint lifecycle (architecture.md; 招标投标法实施条例 art. 60-62; 工程建设项目招标投标
 * 活动投诉处理办法), as a table: for each action, who may take it, from which states, where it
 * leads, and its code: the columns it sets, the reason its event gives, the document it issues
 * and the records it keeps, each from its typed payload (ActionPayloads). planTransition is
 * pure: it refuses an illegal action with a Chinese error, or returns the changes that the
 * service (complaint-service.ts) then stores with the event, the document and the records.
 */

export type ActorKind = 'complainant' | 'staff' | 'system'
export type Actor = { kind: ActorKind; name: string }

export type LifecycleAction =
  | 'sign'
  | 'accept'
  | 'auto-accept'
  | 'refuse'
  | 'transfer'
  | 'revoke'
  | 'apply-withdrawal'
  | 'grant-withdrawal'
  | 'refuse-withdrawal'
  | 'request-material'
  | 'answer-material'
  | 'record-transcript'
  | 'suspend-activity'
  | 'resume-activity'
  | 'pause-clock'
  | 'resume-clock'
  | 'extend'
  | 'decide'
  | 'publish'

export type ComplaintSnapshot = Pick<
  ComplaintRow,
  | 'state'
  | 'stateBeforeWithdrawal'
  | 'receivedAt'
  | 'acceptedAt'
  | 'acceptanceDueDate'
  | 'autoAcceptAt'
  | 'decisionDueDate'
  | 'excludedWorkdays'
  | 'extensionWorkdays'
  | 'clockPausedAt'
  | 'isMaterialRequested'
  | 'isActivitySuspended'
  | 'isPublished'
>

/** The payload each action takes: a staff action's is its schema's (StaffActionSchemas). */
export type ActionPayloads = {
  [A in StaffAction]: StaffActionPayload<A>
} & {
  'auto-accept': Record<string, never>
  revoke: WithdrawalRequest
  'apply-withdrawal': WithdrawalRequest
  'answer-material': MaterialAnswer
}
type WithdrawalRequest = Pick<
  z.output<typeof WithdrawalApplySchema>,
  'reason' | 'fileIds'
>
type MaterialAnswer = Pick<
  z.output<typeof MaterialAnswerSchema>,
  'requestId' | 'answerText' | 'fileIds'
>
/** Any action's payload. */
export type ActionPayload = ActionPayloads[LifecycleAction]

/** What an action's columns are computed from besides the complaint as read. */
type TransitionContext = {
  stamp: string
  today: string
  fromState: ComplaintState
  toState: ComplaintState
  calendar: WorkingCalendar
  /** The extension in working days (extend). */
  workdays: number
}

/** A row of the table: who may take the action, when, where it leads and what it does. */
type Rule<A extends LifecycleAction = LifecycleAction> = {
  label: string
  actor: ActorKind
  /** States the action is allowed in; 'any' for flags that may change in every state. */
  from: readonly ComplaintState[] | 'any'
  /** The state it leads to; 'previous' returns to the state before 申请撤诉; none keeps it. */
  to?: ComplaintState | 'previous'
  /** Why the action is not possible now, beyond the state. */
  guard?: (c: ComplaintSnapshot, now: Date) => string | undefined
  /** The columns it sets besides the state (pure). */
  changes?(c: ComplaintSnapshot, at: TransitionContext): Partial<ComplaintRow>
  /** The columns it takes from its payload; `known` is what the public must not read. */
  recorded?(
    p: ActionPayloads[A],
    known: KnownPersonalData,
  ): Partial<ComplaintRow>
  /** The reason its event gives in the timeline. */
  reason(p: ActionPayloads[A]): string
  /** The document it issues (complaint-documents.ts). */
  document?(
    p: ActionPayloads[A],
    at: DocumentContext & { calendar: WorkingCalendar },
  ): DocumentDraft
  /** Its records beside the event, in its transaction (complaint-action-records.ts). */
  record?(
    trx: Transaction<Database>,
    p: ActionPayloads[A],
    at: RecordContext,
  ): Promise<void>
}

const OPEN: readonly ComplaintState[] = [
  'received',
  'accepted',
  'withdrawal_requested',
]

const label = (list: readonly { value: string; label: string }[], v: string) =>
  list.find((item) => item.value === v)?.label ?? v

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
const closing = (
  _c: ComplaintSnapshot,
  { stamp }: TransitionContext,
): Partial<ComplaintRow> => ({ closedAt: stamp, autoAcceptAt: null })

export const LIFECYCLE: { [A in LifecycleAction]: Rule<A> } = {
  sign: {
    label: '签收',
    actor: 'staff',
    from: ['submitted'],
    to: 'received',
    // Only the time staff signed for it: the acceptance clock started at submission
    // (fileComplaint) and signing neither starts nor moves it.
    changes: (_c, { stamp }) => ({ receivedAt: stamp }),
    reason: (p) => p.note || '行政监督部门已签收投诉',
  },
  accept: {
    label: '受理',
    actor: 'staff',
    from: ['received'],
    to: 'accepted',
    changes: acceptance,
    reason: (p) => p.note || '投诉符合受理条件，决定受理',
    document: acceptanceNotice,
  },
  // 条例 art. 61/62: the period runs from receipt (submission), so a complaint nobody signed
  // for is accepted by lapse of time as well; signing is the department's internal step.
  'auto-accept': {
    label: '期满自动受理',
    actor: 'system',
    from: ['submitted', 'received'],
    to: 'accepted',
    guard: (c, now) =>
      c.autoAcceptAt && toShanghaiText(now) >= c.autoAcceptAt
        ? undefined
        : '受理期限尚未届满',
    changes: acceptance,
    reason: () =>
      '收到投诉之日起三个工作日内未作出是否受理的决定，依法视为受理',
    document: autoAcceptanceNotice,
  },
  refuse: {
    label: '不予受理',
    actor: 'staff',
    from: ['submitted', 'received'],
    to: 'refused',
    changes: closing,
    reason: (p) => p.reason,
    document: refusalNotice,
  },
  transfer: {
    label: '移交',
    actor: 'staff',
    from: ['received'],
    to: 'transferred',
    changes: closing,
    reason: (p) => `移交${p.receiver}：${p.reason}`,
    document: transferNotice,
  },
  revoke: {
    label: '撤销投诉',
    actor: 'complainant',
    from: ['submitted'],
    to: 'revoked',
    changes: closing,
    reason: (p) => p.reason,
    record: recordWithdrawalFiles,
  },
  'apply-withdrawal': {
    label: '申请撤诉',
    actor: 'complainant',
    from: ['received', 'accepted'],
    to: 'withdrawal_requested',
    changes: (_c, { fromState }) => ({
      stateBeforeWithdrawal: fromState,
      // No automatic acceptance while the department decides on the withdrawal.
      autoAcceptAt: null,
    }),
    reason: (p) => p.reason,
    record: recordWithdrawalFiles,
  },
  'grant-withdrawal': {
    label: '同意撤诉',
    actor: 'staff',
    from: ['withdrawal_requested'],
    to: 'withdrawn',
    changes: closing,
    reason: (p) => p.reason,
    document: withdrawalGranted,
  },
  'refuse-withdrawal': {
    label: '不予撤诉',
    actor: 'staff',
    from: ['withdrawal_requested'],
    to: 'previous',
    changes: (c, { toState }) => ({
      stateBeforeWithdrawal: null,
      // Back to 待受理: the acceptance clock runs again from where it was.
      ...(toState === 'received' && c.acceptanceDueDate
        ? { autoAcceptAt: startOfNextDay(c.acceptanceDueDate) }
        : {}),
    }),
    reason: (p) => p.reason,
    document: withdrawalRefused,
  },
  'request-material': {
    label: '要求补正材料',
    actor: 'staff',
    from: ['received', 'accepted'],
    changes: () => ({ isMaterialRequested: 1 }),
    reason: (p) => p.items,
    document: (p, at) =>
      materialNotice(p, at.calendar.addWorkdays(at.today, p.workdays), at),
    record: recordMaterialRequest,
  },
  'answer-material': {
    label: '补正材料',
    actor: 'complainant',
    from: OPEN,
    guard: (c) =>
      c.isMaterialRequested ? undefined : '当前没有需要补正的材料',
    reason: (p) => p.answerText,
    record: recordMaterialAnswer,
  },
  'record-transcript': {
    label: '制作调查笔录',
    actor: 'staff',
    from: ['accepted', 'withdrawal_requested'],
    reason: (p) => p.title,
    document: transcript,
    record: recordTranscript,
  },
  'suspend-activity': {
    label: '暂停招标投标活动',
    actor: 'staff',
    from: ['received', 'accepted'],
    guard: (c) =>
      c.isActivitySuspended ? '招标投标活动已处于暂停状态' : undefined,
    changes: () => ({ isActivitySuspended: 1 }),
    reason: (p) => p.reason,
    document: suspensionNotice,
  },
  'resume-activity': {
    label: '恢复招标投标活动',
    actor: 'staff',
    from: 'any',
    guard: (c) =>
      c.isActivitySuspended ? undefined : '招标投标活动未被暂停，无需恢复',
    changes: () => ({ isActivitySuspended: 0 }),
    reason: (p) => p.reason,
    document: resumptionNotice,
  },
  'pause-clock': {
    label: '中止计时（检验、检测、鉴定、专家评审）',
    actor: 'staff',
    from: ['accepted'],
    guard: (c) => (c.clockPausedAt ? '处理期限已在中止计时中' : undefined),
    changes: (_c, { stamp }) => ({ clockPausedAt: stamp }),
    reason: (p) => `${label(COMPLAINT_CLOCK_PAUSE_KINDS, p.kind)}：${p.reason}`,
    document: clockPauseNotice,
  },
  'resume-clock': {
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
  },
  extend: {
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
  },
  decide: {
    label: '作出处理决定',
    actor: 'staff',
    from: ['accepted'],
    to: 'decided',
    guard: (c) =>
      c.clockPausedAt
        ? '检验、检测、鉴定或专家评审尚未结束（期限中止中），请先恢复计时再作出处理决定'
        : undefined,
    changes: (_c, { stamp }) => ({ decidedAt: stamp, closedAt: stamp }),
    recorded: (p) => ({ conclusion: p.conclusion }),
    reason: (p) => `处理结论：${label(COMPLAINT_CONCLUSIONS, p.conclusion)}`,
    document: decisionDocument,
  },
  publish: {
    label: '公开处理结果',
    actor: 'staff',
    from: ['decided'],
    guard: (c) => (c.isPublished ? '处理结果已公开' : undefined),
    changes: (_c, { stamp }) => ({ isPublished: 1, publishedAt: stamp }),
    recorded: (p, known) => ({
      publicSummary: maskKnownPersonalData(p.summary, known),
    }),
    reason: () => '处理结果已在投诉处理结果栏目公开',
  },
}

export function stateLabel(state: string): string {
  return COMPLAINT_STATES.find((s) => s.value === state)?.label ?? state
}

/** Whether `action` is open to `actor` now, without planning it (for "can…" flags in views). */
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

/** Refuses with a clear Chinese error when the action is not allowed (nothing is changed). */
function assertActionAllowed(
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
  /** Columns of the complaint row to update. */
  changes: Partial<ComplaintRow>
}

const dateOf = (time: string) => time.slice(0, 10)

/** 00:00 of the day after `date`: when an acceptance due on `date` has passed. */
export function startOfNextDay(date: string): string {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000)
  return `${next.toISOString().slice(0, 10)} 00:00:00`
}

/**
 * The acceptance due date: 3 wd after the day the complaint was received (条例 art. 61). An
 * online complaint is received when it reaches the department, the day it is submitted on the
 * portal, not when staff sign for it (签收).
 */
export function acceptanceDueDate(
  submittedAt: string,
  calendar: WorkingCalendar,
): string {
  return calendar.addWorkdays(
    dateOf(submittedAt),
    COMPLAINT_ACCEPTANCE_WORKDAYS,
  )
}

/** The decision due date: 30 wd after acceptance, plus extensions and excluded time. */
export function decisionDueDate(
  c: Pick<
    ComplaintSnapshot,
    'acceptedAt' | 'excludedWorkdays' | 'extensionWorkdays'
  >,
  calendar: WorkingCalendar,
): string | null {
  if (!c.acceptedAt) return null
  return calendar.addWorkdays(
    dateOf(c.acceptedAt),
    COMPLAINT_DECISION_WORKDAYS + c.extensionWorkdays + c.excludedWorkdays,
  )
}

/**
 * The state change and the columns an allowed action sets. `workdays` is the extension
 * (extend) in working days. Refuses an illegal action before anything is computed.
 */
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
