import { OIDC_REFUSALS, type OidcRefusalCode } from '#common/constants/staff.ts'
import { Refusal, type RefusalStatus } from '#server/shared/refusal.ts'

const STATUS: Record<OidcRefusalCode, RefusalStatus> = {
  'oidc-unlinked': 403,
  'oidc-disabled': 403,
  'oidc-expired': 400,
  'oidc-denied': 401,
  'oidc-failed': 401,
  'oidc-unavailable': 503,
}

// `providerError` keeps what the provider or openid-client said, for the audit log only.
export class OidcRefusal extends Refusal {
  readonly code: OidcRefusalCode
  readonly providerError: string | undefined
  constructor(
    code: OidcRefusalCode,
    options: { providerError?: string; cause?: unknown } = {},
  ) {
    super(STATUS[code], OIDC_REFUSALS[code], { cause: options.cause })
    this.name = 'OidcRefusal'
    this.code = code
    this.providerError = options.providerError?.slice(0, 300)
  }
}
