import type { Kysely } from 'kysely'

import {
  type CreditDecisionType,
  creditDecisionLabel,
  creditPartyKind,
  type CreditPartyKind,
  creditStatusLabel,
  creditStatusOn,
} from '#common/constants/credit.ts'
import type {
  CreditDetail,
  CreditPage,
  CreditPageQuery,
  CreditSummary,
} from '#common/schemas/credit.ts'
import type { CreditRecordRow, Database } from '#server/db/schema.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'

import {
  countCreditRecordsByStatus,
  findCreditRecord,
  findCreditRecordsOfParty,
  findCreditYears,
  findNewestCreditRecords,
  pageCreditRecords,
  type CreditSummaryRow,
} from './credit-repository.ts'

// Whether a record is public (公示中) or archived (已归档, 公示期满) depends on the day it is
// read, Asia/Shanghai: every function takes the clock.

export const shanghaiDay = (date: Date) => toShanghaiText(date).slice(0, 10)

function toCreditSummary(row: CreditSummaryRow, today: string): CreditSummary {
  const status = creditStatusOn(row.publicUntil, today)
  return {
    id: row.id,
    partyName: row.partyName,
    partyKind: row.partyKind as CreditPartyKind,
    partyKindName: creditPartyKind(row.partyKind)?.label ?? '',
    creditCode: row.creditCode,
    violation: row.violation,
    decisionType: row.decisionType as CreditDecisionType,
    decisionTypeName: creditDecisionLabel(row.decisionType),
    decisionDate: row.decisionDate,
    authority: row.authority,
    documentNumber: row.documentNumber,
    publicUntil: row.publicUntil,
    status,
    statusName: creditStatusLabel(status),
    publishTime: row.publishTime,
  }
}

// A withdrawn record shows only when and why: the conduct is no longer attached to the party.
// The console's preview shares this mapping.
export function toCreditDetail(
  row: CreditSummaryRow &
    Pick<
      CreditRecordRow,
      | 'legalBasis'
      | 'decision'
      | 'restrictionEndDate'
      | 'correctedAt'
      | 'correctionNote'
      | 'withdrawnAt'
      | 'withdrawalReason'
    >,
  today: string,
): CreditDetail {
  if (row.withdrawnAt)
    return {
      isWithdrawn: true,
      id: row.id,
      withdrawal: { at: row.withdrawnAt, reason: row.withdrawalReason ?? '' },
    }
  return {
    ...toCreditSummary(row, today),
    isWithdrawn: false,
    legalBasis: row.legalBasis,
    decision: row.decision,
    restrictionEndDate: row.restrictionEndDate,
    ...(row.correctedAt
      ? { correction: { at: row.correctedAt, note: row.correctionNote } }
      : {}),
  }
}

export async function creditPageList(
  db: Kysely<Database>,
  query: CreditPageQuery,
  today: string,
): Promise<CreditPage> {
  const filter = {
    keyword: query.keyword,
    partyKind: query.partyKind,
    year: query.year,
    today,
  }
  const [counts, rows, years] = await Promise.all([
    countCreditRecordsByStatus(db, filter),
    pageCreditRecords(db, {
      ...filter,
      status: query.status,
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    }),
    findCreditYears(db),
  ])
  const total =
    query.status === 'all'
      ? counts.public + counts.archived
      : counts[query.status]
  return {
    Table: rows.map((row) => toCreditSummary(row, today)),
    Total: total,
    counts,
    years,
  }
}

export async function creditDetail(
  db: Kysely<Database>,
  id: number,
  today: string,
): Promise<CreditDetail | null> {
  const row = await findCreditRecord(db, id)
  return row ? toCreditDetail(row, today) : null
}

const PARTY_RECORDS_MAX = 100

export async function findPartyCreditRecords(
  db: Kysely<Database>,
  party: { name?: string; creditCode?: string },
  now: Date = new Date(),
): Promise<CreditSummary[]> {
  const today = shanghaiDay(now)
  const rows = await findCreditRecordsOfParty(db, party, PARTY_RECORDS_MAX)
  return rows.map((row) => toCreditSummary(row, today))
}

export async function listNewestCreditRecords(
  db: Kysely<Database>,
  limit: number,
  now: Date = new Date(),
): Promise<CreditSummary[]> {
  const today = shanghaiDay(now)
  const rows = await findNewestCreditRecords(db, limit)
  return rows.map((row) => toCreditSummary(row, today))
}
