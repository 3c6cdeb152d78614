import { useCallback, useState } from 'react'

import { StaffApiError } from './staff-api-error.ts'
import { useSignInOnSessionEnd } from './use-sign-in-on-session-end.ts'

const MSG_FAILED = '操作未能完成，请稍后重试'

/**
 * Runs a console action (a form sent, a button pressed): while it runs `isPending`; a refusal
 * becomes `error` for the page to show beside the form (the server's Chinese message), except
 * an ended session, which leads to the sign-in page and back here afterwards. `onRefusal` may
 * place a refusal on a field instead (returns true when it did).
 */
export function useConsoleCall() {
  const signInIfEnded = useSignInOnSessionEnd()
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
        if (!signInIfEnded(refusal) && !onRefusal?.(refusal)) setError(refusal)
        return undefined
      } finally {
        setPending(false)
      }
    },
    [signInIfEnded],
  )
  return { run, isPending, error, clearError: () => setError(null) }
}
