import { useCallback, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'

import { rememberSignInReason } from './console-refusal.ts'
import { signInPath } from './console-paths.ts'
import { StaffApiError } from './staff-api-error.ts'

const MSG_FAILED = '操作未能完成，请稍后重试'

/**
 * Runs a console action (a form sent, a button pressed): while it runs `isPending`; a refusal
 * becomes `error` for the page to show beside the form (the server's Chinese message), except
 * an ended session, which leads to the sign-in page and back here afterwards. `onRefusal` may
 * place a refusal on a field instead (returns true when it did).
 */
export function useConsoleCall() {
  const navigate = useNavigate()
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  const [isPending, setPending] = useState(false)
  const [error, setError] = useState<StaffApiError | null>(null)

  const run = useCallback(
    async <T>(
      work: () => Promise<T>,
      onRefusal?: (refusal: StaffApiError) => boolean,
    ): Promise<T | undefined> => {
      setPending(true)
      setError(null)
      try {
        return await work()
      } catch (caught) {
        const refusal =
          caught instanceof StaffApiError
            ? caught
            : new StaffApiError(0, MSG_FAILED)
        if (refusal.isSessionEnded) {
          if (refusal.hasEndedInUse) rememberSignInReason(refusal.message)
          void navigate(signInPath(here))
        } else if (!onRefusal?.(refusal)) setError(refusal)
        return undefined
      } finally {
        setPending(false)
      }
    },
    [navigate, here],
  )
  return { run, isPending, error, clearError: () => setError(null) }
}
