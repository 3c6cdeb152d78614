import type { Kysely } from 'kysely'

import {
  INDICATOR_CODES,
  INDICATORS,
  type IndicatorCode,
} from '#common/constants/supervision.ts'
import { TRADE_CATEGORIES } from '#common/constants/trade.ts'
import {
  quarterLabel,
  type StatisticsFigures,
  type StatisticsRow,
  type SupervisionStatistics,
  type SupervisionStatisticsQuery,
  type WarningCounts,
} from '#common/schemas/supervision-statistics.ts'
import type { Database } from '#server/db/schema.ts'

import {
  countPublishedProjects,
  countTenderFigures,
  countWarnings,
  type QuarterKey,
  warningsFingerprint,
} from './supervision-statistics-repository.ts'

// 监督统计: per quarter of a project's first publication and per trading category, the tenders
// published, the mean 招标期 and number of bidders, and what became of the warnings. Counted
// once into cells (three queries grouped in SQL; each tender's 招标期 and bids opened are kept in
// tender_figure when its facts change, tender-figures.ts), kept
// until content changes, the warnings change, or five minutes pass, and read from memory for every
// selection.
//
// A warning counts in its project's quarter, by the state it is in now: raised counts every
// warning, and each is also one of open (待处理, 核查中), verified, dismissed or cleared. A cleared
// warning (the announcements changed and it no longer fires) was raised and then cleared: it
// counts in raised and cleared, not as verified or dismissed even where staff had decided it.
// The 联动监管 record a verification opened stays counted, since the record stays.

type Sum = { sum: number; count: number }
type CodeCounts = WarningCounts & { linkageOpened: number }
export type StatisticsCell = QuarterKey & {
  projects: number
  tenderDays: Sum
  bidders: Sum
  byCode: Map<string, CodeCounts>
  linkagePublished: number
}

const zeroCounts = (): CodeCounts => ({
  raised: 0,
  open: 0,
  verified: 0,
  dismissed: 0,
  cleared: 0,
  linkageOpened: 0,
})

const KNOWN_CODES = new Set<string>(INDICATOR_CODES)

const cellKey = (key: QuarterKey) =>
  `${key.year}-${key.quarter}-${key.category}`

/** Every cell with a project or a warning, counted from the database. */
export async function countStatisticsCells(
  db: Kysely<Database>,
): Promise<StatisticsCell[]> {
  const [projects, warnings, figures] = await Promise.all([
    countPublishedProjects(db),
    countWarnings(db),
    countTenderFigures(db),
  ])
  const cells = new Map<string, StatisticsCell>()
  const cellOf = (key: QuarterKey) => {
    const k = cellKey(key)
    let cell = cells.get(k)
    if (!cell) {
      cell = {
        year: key.year,
        quarter: key.quarter,
        category: key.category,
        projects: 0,
        tenderDays: { sum: 0, count: 0 },
        bidders: { sum: 0, count: 0 },
        byCode: new Map(),
        linkagePublished: 0,
      }
      cells.set(k, cell)
    }
    return cell
  }
  for (const row of projects) cellOf(row).projects += row.projects
  for (const row of warnings) {
    // A code no indicator has any more is in no table, so in no total either.
    if (!KNOWN_CODES.has(row.code)) continue
    const cell = cellOf(row)
    const counts = cell.byCode.get(row.code) ?? zeroCounts()
    counts.raised += row.count
    if (
      row.state === 'verified' ||
      row.state === 'dismissed' ||
      row.state === 'cleared'
    )
      counts[row.state] += row.count
    else counts.open += row.count
    counts.linkageOpened += row.linked
    cell.byCode.set(row.code, counts)
    cell.linkagePublished += row.published
  }
  for (const row of figures) {
    const cell = cellOf(row)
    cell.tenderDays.sum += row.daysSum
    cell.tenderDays.count += row.days
    cell.bidders.sum += row.bids
    cell.bidders.count += row.openings
  }
  return [...cells.values()]
}

const CATEGORY_ORDER = new Map<number, number>(
  TRADE_CATEGORIES.map((category, i) => [category.value, i]),
)
const CATEGORY_NAMES = new Map<number, string>(
  TRADE_CATEGORIES.map((category) => [category.value, category.label]),
)

const mean = ({ sum, count }: Sum) => ({
  count,
  mean: count === 0 ? null : Math.round((sum / count) * 10) / 10,
})

const warningCounts = ({ linkageOpened: _, ...counts }: CodeCounts) => counts

function addCounts(into: CodeCounts, from: CodeCounts) {
  for (const key of Object.keys(into) as (keyof CodeCounts)[])
    into[key] += from[key]
}

function figuresOf(cells: readonly StatisticsCell[]): StatisticsFigures {
  const tenderDays = { sum: 0, count: 0 }
  const bidders = { sum: 0, count: 0 }
  const all = zeroCounts()
  let projects = 0
  for (const cell of cells) {
    projects += cell.projects
    tenderDays.sum += cell.tenderDays.sum
    tenderDays.count += cell.tenderDays.count
    bidders.sum += cell.bidders.sum
    bidders.count += cell.bidders.count
    for (const counts of cell.byCode.values()) addCounts(all, counts)
  }
  return {
    projects,
    tenderDays: mean(tenderDays),
    bidders: mean(bidders),
    warnings: warningCounts(all),
    linkageOpened: all.linkageOpened,
  }
}

function rowOf(cell: StatisticsCell): StatisticsRow {
  return {
    year: cell.year,
    quarter: cell.quarter,
    quarterLabel: quarterLabel(cell.year, cell.quarter),
    category: cell.category,
    categoryName: CATEGORY_NAMES.get(cell.category) ?? `类别${cell.category}`,
    ...figuresOf([cell]),
    byIndicator: INDICATOR_CODES.flatMap((code) => {
      const counts = cell.byCode.get(code)
      return counts ? [{ code, ...warningCounts(counts) }] : []
    }),
  }
}

const newestFirst = (a: QuarterKey, b: QuarterKey) =>
  b.year - a.year ||
  b.quarter - a.quarter ||
  (CATEGORY_ORDER.get(a.category) ?? a.category) -
    (CATEGORY_ORDER.get(b.category) ?? b.category)

/** The figures of one selection: a quarter, a year, or every quarter. */
export function selectStatistics(
  cells: readonly StatisticsCell[],
  query: SupervisionStatisticsQuery,
): SupervisionStatistics {
  const chosen = cells
    .filter(
      (cell) =>
        (query.year === undefined || cell.year === query.year) &&
        (query.quarter === undefined || cell.quarter === query.quarter),
    )
    .sort(newestFirst)
  const quarters = new Map<string, { year: number; quarter: number }>()
  for (const cell of [...cells].sort(newestFirst))
    quarters.set(`${cell.year}-${cell.quarter}`, cell)
  const byCode = new Map<IndicatorCode, CodeCounts>(
    INDICATOR_CODES.map((code) => [code, zeroCounts()]),
  )
  for (const cell of chosen)
    for (const [code, counts] of cell.byCode) {
      const into = byCode.get(code as IndicatorCode)
      if (into) addCounts(into, counts)
    }
  const total = figuresOf(chosen)
  return {
    year: query.year ?? null,
    quarter: query.quarter ?? null,
    label:
      query.year === undefined
        ? '全部季度'
        : query.quarter === undefined
          ? `${query.year}年`
          : quarterLabel(query.year, query.quarter),
    quarters: [...quarters.values()].map(({ year, quarter }) => ({
      year,
      quarter,
      label: quarterLabel(year, quarter),
    })),
    rows: chosen.map(rowOf),
    total,
    indicators: INDICATOR_CODES.map((code) => ({
      code,
      name: INDICATORS[code].name,
      basis: INDICATORS[code].basis,
      ...byCode.get(code)!,
    })),
    linkage: {
      opened: total.linkageOpened,
      published: chosen.reduce((sum, cell) => sum + cell.linkagePublished, 0),
    },
  }
}

export type SupervisionStatisticsReader = {
  read(query: SupervisionStatisticsQuery): Promise<SupervisionStatistics>
  /** Forget the counted figures: content was published or withdrawn. */
  clear(): void
}

type Counted = {
  fingerprint: string
  countedAt: number
  cells: Promise<StatisticsCell[]>
  answers: Map<string, SupervisionStatistics>
}

/**
 * The figures kept in memory: counted on the first read after a content change (the portal's
 * content change announcements call `clear`), after a change of the warnings (each read compares
 * one aggregate of their table), or after `maxAgeMs` at most (five minutes, as the sitemap and
 * the OCDS bulk files: a change made through another process without Redis). Each selection's
 * answer is made once per count, the same object for every reader.
 */
export function createSupervisionStatistics(
  db: Kysely<Database>,
  {
    maxAgeMs = 300_000,
    now = () => new Date(),
  }: { maxAgeMs?: number; now?: () => Date } = {},
): SupervisionStatisticsReader {
  let counted: Counted | null = null
  return {
    clear() {
      counted = null
    },
    async read(query) {
      const fingerprint = await warningsFingerprint(db)
      const at = now().getTime()
      if (
        counted === null ||
        counted.fingerprint !== fingerprint ||
        at - counted.countedAt >= maxAgeMs
      ) {
        const entry: Counted = {
          fingerprint,
          countedAt: at,
          cells: countStatisticsCells(db),
          answers: new Map(),
        }
        // A failed count is not kept: the next read counts again.
        entry.cells.catch(() => {
          if (counted === entry) counted = null
        })
        counted = entry
      }
      const current = counted
      const key = `${query.year ?? ''}-${query.quarter ?? ''}`
      const known = current.answers.get(key)
      if (known) return known
      const answer = selectStatistics(await current.cells, query)
      current.answers.set(key, answer)
      return answer
    },
  }
}
