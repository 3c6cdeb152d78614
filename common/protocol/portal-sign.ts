import { sha256Hex } from './sha256.ts'

export type PortalParams = Record<string, unknown>

const isDropped = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0)

// Code-point order (architecture.md), not UTF-16 units as sort() uses.
function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a, (c) => c.codePointAt(0) ?? 0)
  const right = Array.from(b, (c) => c.codePointAt(0) ?? 0)
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0)
    if (diff !== 0) return diff
  }
  return left.length - right.length
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/**
 * The Portal API string to sign (architecture.md, Protocols): parameters without null,
 * undefined, '' or empty arrays, sorted by key in code-point order, written `key=value`
 * (numbers and booleans with String(), objects and arrays as JSON), joined with '&', followed
 * by `&key=` and the secret.
 */
export function buildPortalSignString(
  params: PortalParams,
  secret: string,
): string {
  const pairs = Object.keys(params)
    .filter((key) => !isDropped(params[key]))
    .sort(compareCodePoints)
    .map((key) => `${key}=${formatValue(params[key])}`)
  return `${pairs.join('&')}&key=${secret}`
}

/** The `X-Sign` header: lowercase hex SHA-256 of the UTF-8 string to sign. */
export function portalSign(
  params: PortalParams,
  secret: string,
): Promise<string> {
  return sha256Hex(buildPortalSignString(params, secret))
}
