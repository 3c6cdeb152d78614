/**
 * How the portal is drawn for a visitor: the standard look, or the 适老化 mode (larger text,
 * higher contrast, larger targets, no motion), chosen in the top bar and kept in a cookie so
 * that the server renders the page in it from the first byte.
 */
export const DISPLAY_MODES = ['standard', 'elder'] as const
export type DisplayMode = (typeof DISPLAY_MODES)[number]

/** The cookie that keeps the choice; only `elder` is ever stored (standard: no cookie). */
export const DISPLAY_MODE_COOKIE = 'display-mode'
/** The attribute of `<html>` the styles of the mode key on: `data-display-mode="elder"`. */
export const DISPLAY_MODE_ATTRIBUTE = 'data-display-mode'
/** A year: the choice outlives the visit, as a visitor who needs it needs it next time too. */
const DISPLAY_MODE_MAX_AGE_S = 365 * 24 * 3600
/** Where the top bar's button posts the choice (server/pages/display-mode-routes.ts). */
export const DISPLAY_MODE_PATH = '/display-mode'

/**
 * The display mode a request's `Cookie` header asks for: `elder` only when the mode's cookie
 * says exactly that; no cookie, another value or a malformed header is the standard mode. A
 * browser sends a cookie once per name and path; should two come, the first (the most
 * specific, RFC 6265 §5.4) decides.
 */
export function displayModeOf(
  cookieHeader: string | null | undefined,
): DisplayMode {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const eq = pair.indexOf('=')
    if (eq < 0 || pair.slice(0, eq).trim() !== DISPLAY_MODE_COOKIE) continue
    return pair.slice(eq + 1).trim() === 'elder' ? 'elder' : 'standard'
  }
  return 'standard'
}

/**
 * The `Set-Cookie` value that keeps a mode: `elder` for a year, standard by removing the
 * cookie. Readable by the site's pages only through the server (HttpOnly): the page carries
 * the mode in its `<html>`. Sent with a link from another site (SameSite=Lax), so a visitor
 * arriving from a search result meets the page in the mode at once.
 */
export function displayModeCookie(mode: DisplayMode, secure: boolean): string {
  const attributes = [
    mode === 'elder'
      ? `${DISPLAY_MODE_COOKIE}=elder`
      : `${DISPLAY_MODE_COOKIE}=`,
    'Path=/',
    `Max-Age=${mode === 'elder' ? DISPLAY_MODE_MAX_AGE_S : 0}`,
    'HttpOnly',
    'SameSite=Lax',
  ]
  if (secure) attributes.push('Secure')
  return attributes.join('; ')
}

/**
 * Where switching the mode returns to: `wanted` when it is a path of this site (with its
 * query, without its fragment), normalised; undefined for anything else: another site
 * (`https://…`, `//host`, `/\host`), a scheme (`javascript:`), backslashes, spaces or control
 * characters (which browsers drop or read as `/`), or more than 2,000 characters.
 */
export function sitePathOf(wanted: unknown): string | undefined {
  if (
    typeof wanted !== 'string' ||
    wanted.length > 2000 ||
    !/^\/(?![/\\])/.test(wanted) ||
    /[\\\s\p{Cc}]/u.test(wanted)
  )
    return undefined
  const base = 'http://portal.invalid'
  const url = new URL(wanted, base)
  if (url.origin !== base) return undefined
  return `${url.pathname}${url.search}`
}
