import type { Kysely } from 'kysely'

import {
  DEFAULT_THRESHOLDS,
  INDICATOR_CODES,
  type IndicatorCode,
  thresholdSpecs,
  type Thresholds,
} from '#common/constants/supervision.ts'
import type { Database } from '#server/db/schema.ts'

// The thresholds in force: the defaults, with what a 系统管理员 set over them. A stored value
// outside its range (an older range, a hand edit) is ignored for the default.

export type ThresholdChange = { updatedAt: string; updatedBy: string }

export async function loadThresholds(db: Kysely<Database>): Promise<{
  thresholds: Thresholds
  changes: Map<IndicatorCode, ThresholdChange>
}> {
  const rows = await db.selectFrom('supervisionThreshold').selectAll().execute()
  const thresholds = structuredClone(DEFAULT_THRESHOLDS) as Record<
    string,
    Record<string, number>
  >
  const changes = new Map<IndicatorCode, ThresholdChange>()
  for (const row of rows) {
    const code = row.code as IndicatorCode
    if (!INDICATOR_CODES.includes(code)) continue
    let stored: Record<string, unknown> = {}
    try {
      stored = JSON.parse(row.thresholds) as Record<string, unknown>
    } catch {
      continue
    }
    for (const [key, spec] of thresholdSpecs(code)) {
      const value = stored[key]
      if (typeof value === 'number' && value >= spec.min && value <= spec.max)
        thresholds[code]![key] = value
    }
    changes.set(code, { updatedAt: row.updatedAt, updatedBy: row.updatedBy })
  }
  return { thresholds: thresholds as Thresholds, changes }
}

export async function saveThresholds(
  db: Kysely<Database>,
  code: IndicatorCode,
  values: Record<string, number>,
  change: ThresholdChange,
): Promise<void> {
  const row = { thresholds: JSON.stringify(values), ...change }
  await db
    .insertInto('supervisionThreshold')
    .values({ code, ...row })
    .onConflict((conflict) => conflict.column('code').doUpdateSet(row))
    .execute()
}
