import { useCallback, useState } from 'react'

import { StaffApiError } from './staff-api-error.ts'
import { useSignInOnSessionEnd } from './use-sign-in-on-session-end.ts'

const MSG_FAILED = '操作未能完成，请稍后重试'

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
      const attempt = async (isRetry: boolean): Promise<T | undefined> => {
        try {
          return await work()
        } catch (caught) {
          const refusal =
            caught instanceof StaffApiError
              ? caught
              : new StaffApiError(0, MSG_FAILED)
          const outcome = isRetry ? 'refused' : await signInIfEnded(refusal)
          // Signed in again on the page: the same call once more, with what was typed.
          if (outcome === 'retry') return attempt(true)
          if (outcome === 'refused' && !onRefusal?.(refusal)) setError(refusal)
          return undefined
        }
      }
      try {
        return await attempt(false)
      } finally {
        setPending(false)
      }
    },
    [signInIfEnded],
  )
  return { run, isPending, error, clearError: () => setError(null) }
}
