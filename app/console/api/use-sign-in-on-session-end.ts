import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router'

import { rememberSignInReason } from './console-refusal.ts'
import { signInPath } from './console-paths.ts'
import { StaffApiError } from './staff-api-error.ts'

export function useSignInOnSessionEnd() {
  const navigate = useNavigate()
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  return useCallback(
    (error: unknown): boolean => {
      if (!(error instanceof StaffApiError && error.isSessionEnded))
        return false
      if (error.hasEndedInUse) rememberSignInReason(error.message)
      void navigate(signInPath(here))
      return true
    },
    [navigate, here],
  )
}
