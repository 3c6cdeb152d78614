import { OIDC_REFUSALS } from '#common/constants/staff.ts'
import { SignInOptionsSchema } from '#common/schemas/staff.ts'

import type { OidcOption } from '#app/console/api/staff-types.ts'
import { staffApi } from '#app/console/api/staff-api-client.ts'

// Without an answer the password sign-in still works.
export async function signInOptions(): Promise<OidcOption | null> {
  try {
    const answer = await staffApi.get(
      '/sign-in-options',
      SignInOptionsSchema,
      undefined,
      { isOpen: true },
    )
    return answer.oidc
  } catch {
    return null
  }
}

// Only the known codes are said, so that a link cannot make the page say a text of its choosing.
export function oidcRefusalOf(code: string | null): string | null {
  return code !== null && Object.hasOwn(OIDC_REFUSALS, code)
    ? OIDC_REFUSALS[code as keyof typeof OIDC_REFUSALS]
    : null
}
