/**
 * Masks the middle of `text` with '*' (spec §5): `keep` characters stay at each end, 4 by
 * default. Shorter strings keep fewer, at most floor((length - 1) / 2) per side, so at least
 * one character is always masked; a 1-character string becomes '*'. Counts Unicode code
 * points, so Chinese names and emoji are never split.
 */
export function desensitize(text: string | null | undefined, keep = 4): string {
  const chars = Array.from(text ?? '')
  if (chars.length === 0) return ''
  const side = Math.max(
    0,
    Math.min(Math.floor(keep), Math.floor((chars.length - 1) / 2)),
  )
  const masked = '*'.repeat(chars.length - 2 * side)
  return (
    chars.slice(0, side).join('') +
    masked +
    chars.slice(chars.length - side).join('')
  )
}

/** spec §5: '...' only when something was cut. */
export function ellipsis(
  text: string | null | undefined,
  length: number,
): string {
  const chars = Array.from(text ?? '')
  const limit = Math.max(0, Math.floor(length))
  if (chars.length <= limit) return text ?? ''
  return chars.slice(0, limit).join('') + '...'
}

/** The first and last four characters shown: 9165**********1234. */
export function maskIdNumber(idNumber: string | null | undefined): string {
  return desensitize(idNumber, 4)
}
