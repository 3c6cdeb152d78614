import { useMemo } from 'react'
import { useRevalidator } from 'react-router'

import { useSignInOnSessionEnd } from '#app/console/api/use-sign-in-on-session-end.ts'
import { type ContentApi, contentApi } from './content-api.ts'

/** The calls that change an item: once done, the page reads its data again. */
const CHANGES = new Set<keyof ContentApi>([
  'saveDraft',
  'change',
  'approve',
  'returnRevision',
  'withdraw',
])

/**
 * The content calls for a screen part that shows its refusals itself: a refusal rejects with
 * the server's Chinese message (StaffApiError), except that an ended session also leads to the
 * sign-in page and back here afterwards. A change, once done, has the page's data read again
 * before it resolves, so that the page shows the item as it is now.
 */
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
        try {
          const result = await call(...args)
          if (CHANGES.has(name)) await revalidator.revalidate()
          return result
        } catch (error) {
          signInIfEnded(error)
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
