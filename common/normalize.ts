import type { FileRecord } from './schemas/file-record.ts'

type Option = { label: string; value: string }

type NormalizedPage<T> = { items: T[]; total: number }

type Loose = Record<string, unknown>

const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** spec §3: the full url (`fullurl` or `full_url`) is preferred over `url`. */
export function normalizeFileRecord(
  file: FileRecord,
): FileRecord & { fullurl: string } {
  return { ...file, fullurl: file.fullurl || file.full_url || file.url }
}

/**
 * Options as `{ label, value }` from a dictionary answer: `[{ Label, Value }]`,
 * `{ Table: [{ Label, Value }] }` or `[{ label, value }]` (spec §3). Rows without a label are
 * dropped; anything else gives no options.
 */
export function normalizeOptions(input: unknown): Option[] {
  const rows = isObject(input) ? input.Table : input
  if (!Array.isArray(rows)) return []
  return rows.flatMap((row: unknown) => {
    if (!isObject(row)) return []
    const label = row.Label ?? row.label
    const value = row.Value ?? row.value
    if (label === undefined || label === null) return []
    return [{ label: String(label), value: String(value ?? '') }]
  })
}

/**
 * A page as `{ items, total }` from `{ Table, Total }`, `{ list, total }` or `{ table, total }`
 * (spec §3). Without a total the number of rows counts.
 */
export function normalizePage<T = unknown>(input: unknown): NormalizedPage<T> {
  if (!isObject(input)) return { items: [], total: 0 }
  const rows = input.Table ?? input.list ?? input.table
  const items = (Array.isArray(rows) ? rows : []) as T[]
  const total = Number(input.Total ?? input.total ?? items.length)
  return { items, total: Number.isFinite(total) ? total : items.length }
}
