import { desensitize } from '#common/text.ts'

// Mobile and fixed-line numbers, 18-digit ID numbers and e-mail addresses: the personal data
// a public summary may carry by mistake (spec §5 masks the middle, keeping the ends).
const PATTERNS = [
  /(?<!\d)\d{17}[\dXx](?!\d)/g,
  /(?<!\d)1[3-9]\d{9}(?!\d)/g,
  /(?<!\d)0\d{2,3}-?\d{7,8}(?!\d)/g,
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g,
]

/** Masks personal numbers and addresses in free text before it is published. */
export function maskPersonalData(text: string): string {
  let masked = text
  for (const pattern of PATTERNS)
    masked = masked.replace(pattern, (match) => desensitize(match, 3))
  return masked
}
