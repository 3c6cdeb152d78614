import { diffChars, diffLines } from 'diff'

import type { RevisionDiff } from '#common/schemas/content/workflow.ts'

import type { ReadableField } from './kinds/kind-definition.ts'

/** How long a character-level comparison of one field may take before lines are compared. */
const CHAR_DIFF_TIMEOUT_MS = 500

type Part = RevisionDiff['fields'][number]['parts'][number]

// By character, as Chinese has no spaces between words; by line when the texts differ too much to
// compare by character in time.
function diffText(from: string, to: string): Part[] {
  const parts =
    diffChars(from, to, { timeout: CHAR_DIFF_TIMEOUT_MS }) ??
    diffLines(from, to)
  return parts.map((part) => ({
    value: part.value,
    added: Boolean(part.added),
    removed: Boolean(part.removed),
  }))
}

export function diffReadableFields(
  from: ReadableField[],
  to: ReadableField[],
): RevisionDiff['fields'] {
  return to.map((field) => {
    const before = from.find((f) => f.field === field.field)?.text ?? ''
    const changed = before !== field.text
    return {
      field: field.field,
      label: field.label,
      changed,
      parts: changed
        ? diffText(before, field.text)
        : [{ value: field.text, added: false, removed: false }],
    }
  })
}
