import { createHash } from 'node:crypto'

import type { PartData } from './release-mapping.ts'

/** JSON with every object's keys sorted: the same value, the same text, whatever its key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : inner,
  )
}

export const releaseHash = (release: unknown) =>
  createHash('sha256').update(canonicalJson(release)).digest('hex')

export type StoredPart = { data: PartData; dateUtc: string }

export type MergedPart = {
  data: PartData
  dateUtc: string
  /** The fields this release gave that the part now holds. */
  taken: string[]
  /** The fields this release gave that a newer release had given already: kept as they were. */
  kept: string[]
  isChanged: boolean
}

// Field by field: a newer release (by `date`) overwrites what it gives; an older one, arriving
// out of order, only fills what no newer release gave. A release as new as the newest counts as
// newer: of two releases with the same date, the one taken later is the later word.
export function mergePart(
  stored: StoredPart | undefined,
  incoming: PartData,
  dateUtc: string,
): MergedPart {
  const fields = Object.keys(incoming)
  if (!stored)
    return { data: incoming, dateUtc, taken: fields, kept: [], isChanged: true }
  const isNewer = dateUtc >= stored.dateUtc
  const data = isNewer
    ? { ...stored.data, ...incoming }
    : { ...incoming, ...stored.data }
  const kept = isNewer ? [] : fields.filter((field) => field in stored.data)
  return {
    data,
    dateUtc: isNewer ? dateUtc : stored.dateUtc,
    taken: fields.filter((field) => !kept.includes(field)),
    kept,
    isChanged: canonicalJson(data) !== canonicalJson(stored.data),
  }
}
