import { type MouseEvent, useCallback, useEffect, useRef } from 'react'

import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'
import { COMPLAINT_FILE_ACCESS_MS } from '#common/constants/protocol.ts'
import type {
  ComplaintAccess,
  ComplaintStatus,
} from '#common/schemas/complaint/complaint-follow-up.ts'

// Open only in the browser the query was made in, for COMPLAINT_FILE_ACCESS_MS (the server's
// file access cookie): a page left open longer asks again, quietly, before it opens a file.
// Without the query code (found by phone) it cannot ask again: the files stay open for as long
// as the server's cookie lasts.
export function useComplaintFileAccess(
  access: ComplaintAccess | null,
  status: ComplaintStatus,
) {
  const queriedAt = useRef<number | null>(null)
  // Each answer of the query (a new status) opened the files anew.
  useEffect(() => {
    queriedAt.current = Date.now()
  }, [status])

  const isFresh = useCallback(
    () =>
      queriedAt.current !== null &&
      Date.now() - queriedAt.current < COMPLAINT_FILE_ACCESS_MS / 2,
    [],
  )

  const renew = useCallback(async () => {
    if (isFresh() || !access) return
    await getBrowserRegionalApi().queryComplaintByNumber(access)
    queriedAt.current = Date.now()
  }, [access, isFresh])

  const onFileClick = useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (isFresh() || !access) return
      event.preventDefault()
      const link = event.currentTarget
      // A failed query was told by the client: the link stays where it is.
      renew()
        .then(() => link.click())
        .catch(() => undefined)
    },
    [access, isFresh, renew],
  )

  return { renew, onFileClick }
}
