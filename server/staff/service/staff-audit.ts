import { appendAudit } from '../audit-repository.ts'
import type { Refusal } from '#server/shared/refusal.ts'
import type { AuditNote, StaffContext } from './staff-context.ts'

// Refusals the service has written to the audit log itself: the edge does not add them again.
export const auditedRefusals = new WeakSet<Error>()

export async function audit(
  context: StaffContext,
  note: AuditNote,
): Promise<void> {
  const { db, stamp } = context
  await appendAudit(db, {
    occurredAt: stamp(),
    accountId: note.actor?.accountId ?? null,
    accountName: note.actor?.accountName ?? note.accountName ?? '（未识别）',
    roles: note.actor?.roles.join(',') ?? '',
    address: note.address.slice(0, 64),
    action: note.action,
    target: (note.target ?? '').slice(0, 200),
    outcome: note.outcome ?? 'ok',
    detail: JSON.stringify(note.detail ?? {}),
  })
}

export async function refuse(
  context: StaffContext,
  note: AuditNote,
  refusal: Refusal,
): Promise<never> {
  await audit(context, {
    ...note,
    outcome: 'refused',
    detail: { ...note.detail, reason: refusal.message },
  })
  auditedRefusals.add(refusal)
  throw refusal
}
