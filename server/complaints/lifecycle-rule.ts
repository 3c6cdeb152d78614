import type { Transaction } from 'kysely'
import type { z } from 'zod'

import type { ComplaintState } from '#common/constants/statute.ts'
import type {
  MaterialAnswerSchema,
  WithdrawalApplySchema,
} from '#common/schemas/complaint/complaint-follow-up.ts'
import type {
  StaffAction,
  StaffActionPayload,
} from '#common/schemas/complaint/complaint-staff.ts'
import type { ComplaintRow, Database } from '#server/db/schema.ts'

import type { RecordContext } from './complaint-action-records.ts'
import type { DocumentContext, DocumentDraft } from './complaint-documents.ts'
import type { KnownPersonalData } from './mask-personal-data.ts'
import type { WorkingCalendar } from './working-calendar.ts'

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
  | 'acceptanceStoppedAt'
  | 'acceptanceExcludedWorkdays'
  | 'decisionDueDate'
  | 'excludedWorkdays'
  | 'extensionWorkdays'
  | 'clockPausedAt'
  | 'isMaterialRequested'
  | 'isActivitySuspended'
  | 'isPublished'
>

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
export type ActionPayload = ActionPayloads[LifecycleAction]

export type TransitionContext = {
  stamp: string
  today: string
  fromState: ComplaintState
  toState: ComplaintState
  calendar: WorkingCalendar
  workdays: number
}

export type Rule<A extends LifecycleAction = LifecycleAction> = {
  label: string
  actor: ActorKind
  /** States the action is allowed in; 'any' for flags that may change in every state. */
  from: readonly ComplaintState[] | 'any'
  /** The state it leads to; 'previous' returns to the state before 申请撤回; none keeps it. */
  to?: ComplaintState | 'previous'
  /** Why the action is not possible now, beyond the state. */
  guard?: (c: ComplaintSnapshot, now: Date) => string | undefined
  changes?(c: ComplaintSnapshot, at: TransitionContext): Partial<ComplaintRow>
  /** The columns it takes from its payload; `known` is what the public must not read. */
  recorded?(
    p: ActionPayloads[A],
    known: KnownPersonalData,
  ): Partial<ComplaintRow>
  reason(p: ActionPayloads[A]): string
  document?(
    p: ActionPayloads[A],
    at: DocumentContext & { calendar: WorkingCalendar },
  ): DocumentDraft
  record?(
    trx: Transaction<Database>,
    p: ActionPayloads[A],
    at: RecordContext,
  ): Promise<void>
}

export const OPEN: readonly ComplaintState[] = [
  'received',
  'accepted',
  'withdrawal_requested',
]

export const label = (
  list: readonly { value: string; label: string }[],
  v: string,
) => list.find((item) => item.value === v)?.label ?? v
