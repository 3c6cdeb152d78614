import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

const reloadPage = () => window.location.reload()

// spec §2, §4. The request names this page's build in If-None-Match, so while it is live the
// server answers an empty 304.
export function useVersionCheck(
  loadedVersion: string | undefined,
  onNewVersion: () => void = reloadPage,
) {
  const { pathname, search } = useLocation()
  const route = pathname + search
  // The page has just been rendered by this build: the route it opened on needs no check.
  const checkedRoute = useRef<string | null>(null)
  useEffect(() => {
    if (checkedRoute.current === null || checkedRoute.current === route) {
      checkedRoute.current = route
      return
    }
    checkedRoute.current = route
    if (!loadedVersion) return
    // spec §7: the version file is asked for with a timestamp.
    fetch(`/version.json?t=${Date.now()}`, {
      cache: 'no-store',
      headers: { 'If-None-Match': `"${loadedVersion}"` },
    })
      .then((response) => (response.status === 200 ? response.json() : null))
      .then((body: { version?: unknown } | null) => {
        if (typeof body?.version === 'string' && body.version !== loadedVersion)
          onNewVersion()
      })
      // An unreachable version file must not disturb reading: the next route change asks again.
      .catch(() => undefined)
  }, [route, loadedVersion, onNewVersion])
}
