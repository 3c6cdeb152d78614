import type { z } from 'zod'

import type {
  ApiTokenSchema,
  AuditEntrySchema,
  EndedSessionsSchema,
  SetupInfoSchema,
  SignInOptionsSchema,
  StaffAccountSchema,
  TotpEnrolmentSchema,
} from '#common/schemas/staff.ts'

export type StaffAccount = z.infer<typeof StaffAccountSchema>
export type ApiToken = z.infer<typeof ApiTokenSchema>
export type AuditEntry = z.infer<typeof AuditEntrySchema>
export type EndedSessions = z.infer<typeof EndedSessionsSchema>
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>
export type SetupInfo = z.infer<typeof SetupInfoSchema>
export type OidcOption = NonNullable<
  z.infer<typeof SignInOptionsSchema>['oidc']
>
