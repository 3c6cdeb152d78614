import type { z } from 'zod'

import type {
  ApiTokenSchema,
  AuditEntrySchema,
  SetupInfoSchema,
  SignInOptionsSchema,
  StaffAccountSchema,
  TotpEnrolmentSchema,
} from '#common/schemas/staff.ts'

/* The staff API's answers as the console pages use them (types from the schemas of common/). */
export type StaffAccount = z.infer<typeof StaffAccountSchema>
export type ApiToken = z.infer<typeof ApiTokenSchema>
export type AuditEntry = z.infer<typeof AuditEntrySchema>
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>
export type SetupInfo = z.infer<typeof SetupInfoSchema>
/** The department's identity provider's button, when the portal offers it. */
export type OidcOption = NonNullable<
  z.infer<typeof SignInOptionsSchema>['oidc']
>
