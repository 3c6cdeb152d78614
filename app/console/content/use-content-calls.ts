import { useMemo } from 'react'
import { useRevalidator } from 'react-router'

import { useSignInOnSessionEnd } from '#app/console/api/use-sign-in-on-session-end.ts'
import { type ContentApi, contentApi } from './content-api.ts'

const CHANGES = new Set<keyof ContentApi>([
  'saveDraft',
  'change',
  'approve',
  'returnRevision',
  'withdraw',
])

// A change, once done, has the page's data read again before it resolves, so that the page
// shows the item as it is now.
export function useContentCalls(api: ContentApi = contentApi): ContentApi {
  const signInIfEnded = useSignInOnSessionEnd()
  const revalidator = useRevalidator()
  return useMemo(() => {
    const wrap =
      <A extends unknown[], R>(
        name: keyof ContentApi,
        call: (...args: A) => Promise<R>,
      ) =>
      async (...args: A): Promise<R> => {
        const send = async () => {
          const result = await call(...args)
          if (CHANGES.has(name)) await revalidator.revalidate()
          return result
        }
        try {
          return await send()
        } catch (error) {
          // Signed in again on the page: sent once more, with what was typed.
          if ((await signInIfEnded(error)) === 'retry') return send()
          throw error
        }
      }
    return Object.fromEntries(
      Object.entries(api).map(([name, call]) => [
        name,
        wrap(
          name as keyof ContentApi,
          call as (...args: unknown[]) => Promise<unknown>,
        ),
      ]),
    ) as ContentApi
  }, [api, signInIfEnded, revalidator])
}
