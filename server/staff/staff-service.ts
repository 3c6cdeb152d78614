import { contextBinder } from '#server/shared/context-binder.ts'

import * as accounts from './service/staff-accounts.ts'
import * as audit from './service/staff-audit.ts'
import * as contacts from './service/staff-contacts.ts'
import {
  createStaffContext,
  type StaffServiceOptions,
} from './service/staff-context.ts'
import * as enrolment from './service/staff-enrolment.ts'
import * as sessions from './service/staff-sessions.ts'
import * as tokens from './service/staff-tokens.ts'

export { auditedRefusals } from './service/staff-audit.ts'
export type {
  AuditNote,
  StaffActor,
  StaffServiceOptions,
} from './service/staff-context.ts'

export function createStaffService(options: StaffServiceOptions) {
  const context = createStaffContext(options)
  const withContext = contextBinder(context)
  return {
    audit: withContext(audit.audit),
    createAccount: withContext(accounts.createAccount),
    setupInfo: withContext(enrolment.setupInfo),
    beginSetup: withContext(enrolment.beginSetup),
    finishSetup: withContext(enrolment.finishSetup),
    signIn: withContext(sessions.signIn),
    signInWithOidc: withContext(sessions.signInWithOidc),
    sessionActor: withContext(sessions.sessionActor),
    tokenActor: withContext(tokens.tokenActor),
    signOut: withContext(sessions.signOut),
    changePassword: withContext(enrolment.changePassword),
    beginReenrol: withContext(enrolment.beginReenrol),
    finishReenrol: withContext(enrolment.finishReenrol),
    setRoles: withContext(accounts.setRoles),
    setDisabled: withContext(accounts.setDisabled),
    resetFactor: withContext(accounts.resetFactor),
    unlockAccount: withContext(accounts.unlockAccount),
    endSessions: withContext(sessions.endSessions),
    endOtherSessions: withContext(sessions.endOtherSessions),
    setOidcSubject: withContext(accounts.setOidcSubject),
    accountNamed: withContext(accounts.accountNamed),
    listAccounts: withContext(accounts.listAccounts),
    openSessions: withContext(sessions.openSessions),
    createApiToken: withContext(tokens.createApiToken),
    listApiTokens: withContext(tokens.listApiTokens),
    revokeApiToken: withContext(tokens.revokeApiToken),
    contactsOf: withContext(contacts.contactsOf),
    beginContact: withContext(contacts.beginContact),
    confirmContact: withContext(contacts.confirmContact),
    removeContact: withContext(contacts.removeContact),
    setReminderDays: withContext(contacts.setReminderDays),
  }
}
export type StaffService = ReturnType<typeof createStaffService>
