import { href } from 'react-router'

export const CONSOLE_HOME = href('/admin')
const SIGN_IN = href('/admin/login')
const SETUP = href('/admin/setup')

/** A console page to come back to: a path of ours under /admin, not another site's address. */
function isConsolePath(path: string): boolean {
  if (!/^\/admin(?:[/?#]|$)/.test(path) || /[\\\s]/.test(path)) return false
  const { pathname } = new URL(path, 'http://console.invalid')
  return pathname !== SIGN_IN && pathname !== SETUP
}

/** The sign-in page; after signing in the person comes back to `from` (a console path). */
export function signInPath(from?: string): string {
  if (!from || !isConsolePath(from) || from === CONSOLE_HOME) return SIGN_IN
  return `${SIGN_IN}?${new URLSearchParams({ next: from })}`
}

/**
 * Where to go after signing in: the `next` the sign-in page was given when it is a console
 * page (never another site, never sign-in or setup again), otherwise the console's home.
 */
export function nextPathOf(next: string | null): string {
  return next && isConsolePath(next) ? next : CONSOLE_HOME
}

/** A URL's path and query, as the console keeps where a person was. */
export function pathOf(url: string | URL): string {
  const { pathname, search } = new URL(url, 'http://console.invalid')
  return `${pathname}${search}`
}
