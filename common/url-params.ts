/*
 * A page's URL is the visitor's: a malformed value falls back to its default rather than failing
 * the page. Written by hand, not with zod, because these run in the browser on every list page:
 * the schema library would double what a list page loads before the visitor can use it.
 */

type Raw = string | null | undefined

/** A whole number from `min` to `max` (a page number by default), else `fallback`. */
export function intParam(
  value: Raw,
  { min = 1, max = 10_000, fallback = 1 } = {},
): number {
  if (value == null || value.trim() === '') return fallback
  const n = Number(value)
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback
}

/** Trimmed text of at most `maxLength` characters; longer text falls back to none. */
export function textParam(value: Raw, maxLength = 100): string {
  const text = value?.trim() ?? ''
  return text.length <= maxLength ? text : ''
}

export function choiceParam<const T extends string, const F extends string>(
  value: Raw,
  choices: readonly T[],
  fallback: F,
): T | F {
  return choices.includes(value as T) ? (value as T) : fallback
}

/** A calendar day written YYYY-MM-DD (as the date filters send it), else ''. */
export function dayParam(value: Raw): string {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''
}
