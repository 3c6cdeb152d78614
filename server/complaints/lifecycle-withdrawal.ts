import { recordWithdrawalFiles } from './complaint-action-records.ts'
import { startOfNextDay } from './complaint-deadlines.ts'
import { withdrawalGranted, withdrawalRefused } from './complaint-documents.ts'
import { closing } from './lifecycle-acceptance.ts'
import type { Rule } from './lifecycle-rule.ts'

export const revokeRule: Rule<'revoke'> = {
  label: '撤回投诉',
  actor: 'complainant',
  from: ['submitted'],
  to: 'revoked',
  changes: closing,
  reason: (p) => p.reason,
  record: recordWithdrawalFiles,
}

export const applyWithdrawalRule: Rule<'apply-withdrawal'> = {
  label: '申请撤回投诉',
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
}

export const grantWithdrawalRule: Rule<'grant-withdrawal'> = {
  label: '同意撤回',
  actor: 'staff',
  from: ['withdrawal_requested'],
  to: 'withdrawn',
  changes: closing,
  reason: (p) => p.reason,
  document: withdrawalGranted,
}

export const refuseWithdrawalRule: Rule<'refuse-withdrawal'> = {
  label: '不予撤回',
  actor: 'staff',
  from: ['withdrawal_requested'],
  to: 'previous',
  changes: (c, { toState }) => ({
    stateBeforeWithdrawal: null,
    // Back to 待受理: the acceptance clock runs again from where it was, unless material
    // asked for still stops it.
    ...(toState === 'received' && c.acceptanceDueDate && !c.acceptanceStoppedAt
      ? { autoAcceptAt: startOfNextDay(c.acceptanceDueDate) }
      : {}),
  }),
  reason: (p) => p.reason,
  document: withdrawalRefused,
}
