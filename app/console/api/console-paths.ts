import { href } from 'react-router'

export const CONSOLE_HOME = href('/admin')
const SIGN_IN = href('/admin/login')
const SETUP = href('/admin/setup')

// A path of ours under /admin, never another site's address.
function isConsolePath(path: string): boolean {
  if (!/^\/admin(?:[/?#]|$)/.test(path) || /[\\\s]/.test(path)) return false
  const { pathname } = new URL(path, 'http://console.invalid')
  return pathname !== SIGN_IN && pathname !== SETUP
}

export function signInPath(from?: string): string {
  if (!from || !isConsolePath(from) || from === CONSOLE_HOME) return SIGN_IN
  return `${SIGN_IN}?${new URLSearchParams({ next: from })}`
}

export function nextPathOf(next: string | null): string {
  return next && isConsolePath(next) ? next : CONSOLE_HOME
}

export function pathOf(url: string | URL): string {
  const { pathname, search } = new URL(url, 'http://console.invalid')
  return `${pathname}${search}`
}
