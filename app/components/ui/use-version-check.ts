import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

import { VERSION_CHECK_INTERVAL_MS } from '#common/constants/ui.ts'

/**
 * spec §4, version check: on a route change, compare the version this page was built with to
 * /version.json and reload when a new deployment is live. At most once a minute.
 */
export function useVersionCheck(loadedVersion: string | undefined) {
  const { pathname } = useLocation()
  // Started by the first effect, not in render (Date.now() there is impure); the page has
  // just loaded, so that run does not check.
  const lastCheck = useRef<number | null>(null)
  useEffect(() => {
    if (lastCheck.current === null) {
      lastCheck.current = Date.now()
      return
    }
    if (
      !loadedVersion ||
      Date.now() - lastCheck.current < VERSION_CHECK_INTERVAL_MS
    )
      return
    lastCheck.current = Date.now()
    fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store' })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { version?: string } | null) => {
        if (body?.version && body.version !== loadedVersion)
          window.location.reload()
      })
      // An unreachable version file must not disturb reading: try again on a later navigation.
      .catch(() => undefined)
  }, [pathname, loadedVersion])
}
