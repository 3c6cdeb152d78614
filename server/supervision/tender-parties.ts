import { type Kysely, sql } from 'kysely'

import type { Database, TenderPartyTable } from '#server/db/schema.ts'

import { dayOf } from './legal-days.ts'
import { openedBids, type TenderRecord } from './tender-record.ts'

// The companies of each tender in a table of their own (tender_party), so that the indicators
// that look across tenders find a company's other bids and a tenderer's other awards through an
// index instead of reading every tender's facts.

export function partiesOf(record: TenderRecord): TenderPartyTable[] {
  const rows = new Map<string, TenderPartyTable>()
  const row = (creditCode: string) => {
    let found = rows.get(creditCode)
    if (!found) {
      found = {
        projectId: record.projectId,
        creditCode,
        tenderer: record.tenderer,
        bidDay: null,
        wonDay: null,
      }
      rows.set(creditCode, found)
    }
    return found
  }
  const bidDay = record.notice
    ? dayOf(record.notice.bidDeadline)
    : (record.evaluation?.reportDate ?? null)
  if (bidDay)
    for (const bid of openedBids(record))
      row(bid.bidder.creditCode).bidDay = bidDay
  if (record.result)
    row(record.result.winner.creditCode).wonDay = record.result.awardNoticeDate
  return [...rows.values()]
}

const BATCH = 500

export async function replaceTenderParties(
  db: Kysely<Database>,
  projectIds: readonly number[],
  rows: readonly TenderPartyTable[],
): Promise<void> {
  for (let i = 0; i < projectIds.length; i += BATCH)
    await db
      .deleteFrom('tenderParty')
      .where('projectId', 'in', projectIds.slice(i, i + BATCH))
      .execute()
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto('tenderParty')
      .values(rows.slice(i, i + BATCH))
      .execute()
}

/** A tender some of whose bidders bid in this one too, with how many and who won it. */
export type SharedTender = {
  projectId: number
  code: string
  bidDay: string
  shared: number
  winner: string | null
}

/** A tenderer's award to one company in the period. */
export type TendererAward = { projectId: number; creditCode: string }

export type TenderHistory = {
  /** Tenders within `months` before this one's bid deadline sharing at least `minShared` bidders. */
  sharedTenders: SharedTender[]
  /** The tenderer's awards within 12 months up to this one's award notice. */
  tendererAwards: TendererAward[]
}

/** Months back from a day, as a day: 2026-03-31 less 1 month is 2026-02-28. */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [
    number,
    number,
    number,
  ]
  const total = year * 12 + (month - 1) - months
  const y = Math.floor(total / 12)
  const m = (total % 12) + 1
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`
}

export async function findTenderHistory(
  db: Kysely<Database>,
  record: TenderRecord,
  windows: HistoryWindows,
): Promise<TenderHistory> {
  const parties = partiesOf(record)
  const bidders = parties.filter((p) => p.bidDay !== null)
  const bidDay = bidders[0]?.bidDay ?? null
  let sharedTenders: SharedTender[] = []
  if (bidDay && bidders.length >= windows.ringMinShared) {
    const rows = await db
      .selectFrom('tenderParty as t')
      .innerJoin('project as p', 'p.id', 't.projectId')
      .select([
        't.projectId',
        'p.code',
        sql<string>`max(t.bid_day)`.as('bidDay'),
        sql<number>`count(*)`.as('shared'),
      ])
      .where(
        't.creditCode',
        'in',
        bidders.map((b) => b.creditCode),
      )
      .where('t.bidDay', '>=', monthsBefore(bidDay, windows.ringMonths))
      .where('t.bidDay', '<=', bidDay)
      .where('t.projectId', '!=', record.projectId)
      .groupBy(['t.projectId', 'p.code'])
      .having(sql`count(*)`, '>=', windows.ringMinShared)
      .execute()
    const winners = rows.length
      ? await db
          .selectFrom('tenderParty')
          .select(['projectId', 'creditCode'])
          .where(
            'projectId',
            'in',
            rows.map((r) => r.projectId),
          )
          .where('wonDay', 'is not', null)
          .execute()
      : []
    const winnerOf = new Map(winners.map((w) => [w.projectId, w.creditCode]))
    sharedTenders = rows
      .map((r) => ({
        projectId: Number(r.projectId),
        code: r.code,
        bidDay: r.bidDay,
        shared: Number(r.shared),
        winner: winnerOf.get(r.projectId) ?? null,
      }))
      .sort(inTenderOrder)
  }
  let tendererAwards: TendererAward[] = []
  if (record.result) {
    const day = record.result.awardNoticeDate
    tendererAwards = (
      await db
        .selectFrom('tenderParty')
        .select(['projectId', 'creditCode'])
        .where('tenderer', '=', record.tenderer)
        .where('wonDay', '>', monthsBefore(day, windows.awardMonths))
        .where('wonDay', '<=', day)
        .where('projectId', '!=', record.projectId)
        .execute()
    )
      .map((r) => ({
        projectId: Number(r.projectId),
        creditCode: r.creditCode,
      }))
      .sort((a, b) => a.projectId - b.projectId)
  }
  return { sharedTenders, tendererAwards }
}

// A warning's inputs list the tenders in one order, or its fingerprint would change by itself.
const inTenderOrder = (a: SharedTender, b: SharedTender) =>
  a.bidDay < b.bidDay ? -1 : a.bidDay > b.bidDay ? 1 : a.projectId - b.projectId

export type HistoryWindows = {
  ringMonths: number
  ringMinShared: number
  awardMonths: number
}

/**
 * Every tender's history at once, from the records in memory, for the rebuild: the same as
 * findTenderHistory finds in tender_party one tender at a time (a test holds them equal).
 */
export function historiesOf(
  records: readonly TenderRecord[],
  windows: HistoryWindows,
): Map<number, TenderHistory> {
  const codeOf = new Map(records.map((r) => [r.projectId, r.code]))
  const bids = new Map<string, { projectId: number; bidDay: string }[]>()
  const winnerOf = new Map<number, string>()
  const awards = new Map<string, (TendererAward & { wonDay: string })[]>()
  const partiesByProject = new Map<number, TenderPartyTable[]>()
  for (const record of records) {
    const parties = partiesOf(record)
    partiesByProject.set(record.projectId, parties)
    for (const party of parties) {
      if (party.bidDay !== null) {
        const list = bids.get(party.creditCode) ?? []
        list.push({ projectId: party.projectId, bidDay: party.bidDay })
        bids.set(party.creditCode, list)
      }
      if (party.wonDay !== null) {
        winnerOf.set(party.projectId, party.creditCode)
        const list = awards.get(party.tenderer) ?? []
        list.push({
          projectId: party.projectId,
          creditCode: party.creditCode,
          wonDay: party.wonDay,
        })
        awards.set(party.tenderer, list)
      }
    }
  }
  const histories = new Map<number, TenderHistory>()
  for (const record of records) {
    const parties = partiesByProject.get(record.projectId)!
    const bidders = parties.filter((p) => p.bidDay !== null)
    const bidDay = bidders[0]?.bidDay ?? null
    let sharedTenders: SharedTender[] = []
    if (bidDay && bidders.length >= windows.ringMinShared) {
      const from = monthsBefore(bidDay, windows.ringMonths)
      const counts = new Map<number, { shared: number; bidDay: string }>()
      for (const bidder of bidders)
        for (const bid of bids.get(bidder.creditCode) ?? [])
          if (
            bid.projectId !== record.projectId &&
            bid.bidDay >= from &&
            bid.bidDay <= bidDay
          ) {
            const found = counts.get(bid.projectId)
            counts.set(bid.projectId, {
              shared: (found?.shared ?? 0) + 1,
              bidDay: bid.bidDay,
            })
          }
      sharedTenders = [...counts]
        .filter(([, c]) => c.shared >= windows.ringMinShared)
        .map(([projectId, c]) => ({
          projectId,
          code: codeOf.get(projectId) ?? '',
          bidDay: c.bidDay,
          shared: c.shared,
          winner: winnerOf.get(projectId) ?? null,
        }))
        .sort(inTenderOrder)
    }
    let tendererAwards: TendererAward[] = []
    if (record.result) {
      const day = record.result.awardNoticeDate
      const from = monthsBefore(day, windows.awardMonths)
      tendererAwards = (awards.get(record.tenderer) ?? [])
        .filter(
          (a) =>
            a.projectId !== record.projectId &&
            a.wonDay > from &&
            a.wonDay <= day,
        )
        .map(({ projectId, creditCode }) => ({ projectId, creditCode }))
        .sort((a, b) => a.projectId - b.projectId)
    }
    histories.set(record.projectId, { sharedTenders, tendererAwards })
  }
  return histories
}
