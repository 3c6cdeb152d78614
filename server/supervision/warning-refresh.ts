import type { Kysely } from 'kysely'

import { officialCalendar } from '#server/complaints/working-calendar.ts'
import type { Database } from '#server/db/schema.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'

import {
  findTenderHistory,
  historiesOf,
  type HistoryWindows,
  partiesOf,
  replaceTenderParties,
} from './tender-parties.ts'
import {
  figuresOf,
  refreshTenderFigures,
  replaceTenderFigures,
} from './tender-figures.ts'
import type { IndicatorContext, TenderRecord } from './tender-record.ts'
import { loadThresholds } from './threshold-repository.ts'
import {
  findAllTenderRecords,
  findTenderRecord,
} from './tender-record-repository.ts'
import { evaluateTender, type Warning } from './warning-engine.ts'
import { syncAllWarnings, syncProjectWarnings } from './warning-repository.ts'

// The warnings follow every change of what is public: the publication or withdrawal of a
// project or of one of its announcements calls refreshProjectWarnings in its own transaction, so
// the warnings and the public pages never disagree.

/** The thresholds in force (a 系统管理员 may change them) and the official calendar. */
export async function indicatorContext(
  db: Kysely<Database>,
): Promise<IndicatorContext> {
  return {
    thresholds: (await loadThresholds(db)).thresholds,
    calendar: officialCalendar(),
  }
}

const windowsOf = ({ thresholds }: IndicatorContext): HistoryWindows => ({
  ringMonths: thresholds.biddingRing.months,
  ringMinShared: thresholds.biddingRing.minShared,
  awardMonths: thresholds.repeatWinner.months,
})

const historyOf = (
  db: Kysely<Database>,
  record: TenderRecord,
  context: IndicatorContext,
) => findTenderHistory(db, record, windowsOf(context))

/**
 * One project's warnings, after a change of what it publishes. Those that look across tenders
 * look back from this one; a later tender sharing its companies sees the change at its own next
 * change, or at the nightly rebuild (warning-rebuild-job.ts).
 */
export async function refreshProjectWarnings(
  db: Kysely<Database>,
  projectId: number,
  at: Date,
  given?: IndicatorContext,
): Promise<void> {
  const context = given ?? (await indicatorContext(db))
  const record = await findTenderRecord(db, projectId)
  await replaceTenderParties(db, [projectId], record ? partiesOf(record) : [])
  await refreshTenderFigures(db, projectId, record)
  const warnings = record
    ? evaluateTender(record, context, await historyOf(db, record, context))
    : []
  await syncProjectWarnings(db, projectId, warnings, toShanghaiText(at))
}

/** Every warning computed from nothing: after a change of thresholds, or every night. */
export async function rebuildWarnings(
  db: Kysely<Database>,
  at: Date,
  given?: IndicatorContext,
): Promise<{ projects: number; warnings: number }> {
  const context = given ?? (await indicatorContext(db))
  const records = await findAllTenderRecords(db)
  await db.deleteFrom('tenderParty').execute()
  await replaceTenderParties(db, [], records.flatMap(partiesOf))
  await db.deleteFrom('tenderFigure').execute()
  await replaceTenderFigures(
    db,
    [],
    records.flatMap((record) => figuresOf(record) ?? []),
  )
  const histories = historiesOf(records, windowsOf(context))
  const raised = new Map<number, Warning[]>()
  let warnings = 0
  for (const [i, record] of records.entries()) {
    // The evaluation is CPU alone: let requests through now and then.
    if (i % 500 === 499) await new Promise((resolve) => setImmediate(resolve))
    const found = evaluateTender(
      record,
      context,
      histories.get(record.projectId),
    )
    warnings += found.length
    raised.set(record.projectId, found)
  }
  await syncAllWarnings(db, raised, toShanghaiText(at))
  return { projects: records.length, warnings }
}
