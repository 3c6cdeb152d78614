import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router'

import { rememberSignInReason } from './console-refusal.ts'
import { signInPath } from './console-paths.ts'
import { useSessionRenewal } from './session-renewal.ts'
import { StaffApiError } from './staff-api-error.ts'

/**
 * What became of a call refused because the session ended: `retry` once the person signed in
 * again on the page (send it again), `left` when the page went to the sign-in page (outside the
 * console's frame), `refused` otherwise (not about the session, or the person chose not to sign
 * in: show the refusal).
 */
export type SessionEndOutcome = 'retry' | 'left' | 'refused'

export function useSignInOnSessionEnd() {
  const navigate = useNavigate()
  const location = useLocation()
  const renewal = useSessionRenewal()
  const here = `${location.pathname}${location.search}`
  return useCallback(
    async (error: unknown): Promise<SessionEndOutcome> => {
      if (!(error instanceof StaffApiError && error.isSessionEnded))
        return 'refused'
      if (renewal)
        return (await renewal.signInAgain(error.message)) ? 'retry' : 'refused'
      if (error.hasEndedInUse) rememberSignInReason(error.message)
      void navigate(signInPath(here))
      return 'left'
    },
    [navigate, here, renewal],
  )
}
