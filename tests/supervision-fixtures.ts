import {
  INDICATOR_CODES,
  INDICATORS,
  type IndicatorCode,
} from '#common/constants/supervision.ts'
import type { PortalApi } from '#common/portal-api.ts'
import type {
  SupervisionStatistics,
  WarningCounts,
} from '#common/schemas/supervision-statistics.ts'

// 监督统计 as the Portal API answers it: one quarter with a 工程建设 row that raised warnings of
// two indicators and a 政府采购 row without facts, for the page's tables and the clients.

export const noWarnings: WarningCounts = {
  raised: 0,
  open: 0,
  verified: 0,
  dismissed: 0,
  cleared: 0,
}

const raisedBy: Partial<Record<IndicatorCode, WarningCounts>> = {
  tenderPeriod: { raised: 3, open: 1, verified: 2, dismissed: 0, cleared: 0 },
  committee: { raised: 2, open: 0, verified: 0, dismissed: 1, cleared: 1 },
}

export const supervisionStatistics: SupervisionStatistics = {
  year: 2026,
  quarter: 4,
  label: '2026年第4季度',
  quarters: [
    { year: 2026, quarter: 4, label: '2026年第4季度' },
    { year: 2026, quarter: 3, label: '2026年第3季度' },
    { year: 2025, quarter: 1, label: '2025年第1季度' },
  ],
  rows: [
    {
      year: 2026,
      quarter: 4,
      quarterLabel: '2026年第4季度',
      category: 1,
      categoryName: '工程建设',
      projects: 12,
      tenderDays: { count: 10, mean: 21.5 },
      bidders: { count: 8, mean: 4.3 },
      warnings: { raised: 5, open: 1, verified: 2, dismissed: 1, cleared: 1 },
      linkageOpened: 2,
      byIndicator: [
        { code: 'tenderPeriod', ...raisedBy.tenderPeriod! },
        { code: 'committee', ...raisedBy.committee! },
      ],
    },
    {
      year: 2026,
      quarter: 4,
      quarterLabel: '2026年第4季度',
      category: 2,
      categoryName: '政府采购',
      projects: 3,
      tenderDays: { count: 0, mean: null },
      bidders: { count: 0, mean: null },
      warnings: noWarnings,
      linkageOpened: 0,
      byIndicator: [],
    },
  ],
  total: {
    projects: 15,
    tenderDays: { count: 10, mean: 21.5 },
    bidders: { count: 8, mean: 4.3 },
    warnings: { raised: 5, open: 1, verified: 2, dismissed: 1, cleared: 1 },
    linkageOpened: 2,
  },
  indicators: INDICATOR_CODES.map((code) => ({
    code,
    name: INDICATORS[code].name,
    basis: INDICATORS[code].basis,
    ...(raisedBy[code] ?? noWarnings),
    linkageOpened: code === 'tenderPeriod' ? 2 : 0,
  })),
  linkage: { opened: 2, published: 1 },
}

/** The fixture for any selection, with a field no answer may carry: the schema drops it. */
export function fakeSupervisionApi(): Pick<PortalApi, 'supervisionStatistics'> {
  return {
    supervisionStatistics: async (query) => ({
      ...supervisionStatistics,
      year: query.year ?? null,
      quarter: query.quarter ?? null,
      rows: supervisionStatistics.rows.map((row) => ({
        ...row,
        tenderer: '新疆塔里木河流域管理局',
      })),
    }),
  }
}
