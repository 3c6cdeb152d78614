import { desensitize } from '#common/text.ts'

// Mobile and fixed-line numbers, 18-digit ID numbers and e-mail addresses: the personal data
// a public summary may carry by mistake (spec §5 masks the middle, keeping the ends).
const PATTERNS = [
  /(?<!\d)\d{17}[\dXx](?!\d)/g,
  /(?<!\d)1[3-9]\d{9}(?!\d)/g,
  /(?<!\d)0\d{2,3}-?\d{7,8}(?!\d)/g,
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g,
]

export function maskPersonalData(text: string): string {
  let masked = text
  for (const pattern of PATTERNS)
    masked = masked.replace(pattern, (match) => desensitize(match, 3))
  return masked
}

export type KnownPersonalData = {
  personNames: string[]
  /** Names masked as the public result's page masks them (an organisation that complains). */
  partyNames: string[]
  numbers: string[]
  addresses: string[]
}

/** A postal address keeps its first three characters (the city, usually); the rest is hidden. */
function maskAddress(address: string): string {
  const chars = Array.from(address)
  return chars.slice(0, 3).join('') + '*'.repeat(Math.max(1, chars.length - 3))
}

// Longer values first, so that a name inside a longer one is not half masked; values shorter than
// two characters would mask ordinary words.
export function maskKnownPersonalData(
  text: string,
  known: KnownPersonalData,
): string {
  const replacements = [
    ...known.addresses.map((value) => [value, maskAddress(value)] as const),
    ...known.numbers.map((value) => [value, desensitize(value, 3)] as const),
    ...known.partyNames.map((value) => [value, desensitize(value, 2)] as const),
    ...known.personNames.map(
      (value) => [value, desensitize(value, 1)] as const,
    ),
  ]
    .map(([value, masked]) => [value.trim(), masked] as const)
    .filter(([value]) => Array.from(value).length >= 2)
    .sort(([a], [b]) => Array.from(b).length - Array.from(a).length)
  let masked = text
  for (const [value, replacement] of replacements)
    masked = masked.split(value).join(replacement)
  return maskPersonalData(masked)
}
