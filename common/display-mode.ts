/** Kept in a cookie so that the server renders the page in the chosen mode from the first byte. */
export const DISPLAY_MODES = ['standard', 'elder'] as const
export type DisplayMode = (typeof DISPLAY_MODES)[number]

/** The cookie that keeps the choice; only `elder` is ever stored (standard: no cookie). */
export const DISPLAY_MODE_COOKIE = 'display-mode'
export const DISPLAY_MODE_ATTRIBUTE = 'data-display-mode'
// The choice outlives the visit: a visitor who needs it needs it next time too.
const DISPLAY_MODE_MAX_AGE_S = 365 * 24 * 3600
export const DISPLAY_MODE_PATH = '/display-mode'

/** Should two cookies of the name come, the first (the most specific, RFC 6265 §5.4) decides. */
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
 * HttpOnly: the page carries the mode in its `<html>`. SameSite=Lax, so a visitor arriving from
 * a search result meets the page in the mode at once.
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
 * `wanted` when it is a path of this site, normalised; undefined for another site, a scheme,
 * backslashes, spaces or control characters (which browsers drop or read as `/`), or more than
 * 2,000 characters.
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
