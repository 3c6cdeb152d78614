const CONSOLE_HOME = '/admin'
const NOT_RETURNED_TO = new Set(['/admin/login', '/admin/setup'])

/**
 * `wanted` when it is a console page (under /admin, other than signing in or setting up),
 * otherwise the console's home: never another site, nor a path that leaves /admin once `..` is
 * resolved.
 */
export function consoleReturnPath(wanted: unknown): string {
  if (
    typeof wanted !== 'string' ||
    wanted.length > 2000 ||
    !/^\/admin(?:[/?#]|$)/.test(wanted) ||
    // Backslashes and controls are read as "/" or dropped by browsers: never pass them on.
    /[\\\s\p{Cc}]/u.test(wanted)
  )
    return CONSOLE_HOME
  const base = 'http://console.invalid'
  const url = new URL(wanted, base)
  if (
    url.origin !== base ||
    !/^\/admin(?:\/|$)/.test(url.pathname) ||
    NOT_RETURNED_TO.has(url.pathname.replace(/\/$/, ''))
  )
    return CONSOLE_HOME
  return `${url.pathname}${url.search}`
}
