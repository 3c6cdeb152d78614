// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { INDICATOR_CODES } from '#common/constants/supervision.ts'
import type { SupervisionStatistics } from '#common/schemas/supervision-statistics.ts'
import '#tests/jsdom-shims.ts'
import {
  noWarnings,
  supervisionStatistics,
} from '#tests/supervision-fixtures.ts'

import { SupervisionStatisticsView } from './supervision-statistics-view.tsx'

afterEach(cleanup)

const figures = supervisionStatistics

function renderView(statistics: SupervisionStatistics) {
  const router = createMemoryRouter(
    [
      {
        path: '/business/supervision',
        element: <SupervisionStatisticsView statistics={statistics} />,
      },
    ],
    { initialEntries: ['/business/supervision?year=2026&quarter=4'] },
  )
  render(<RouterProvider router={router} />)
}

const cellTexts = (row: Element) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)

describe('监督统计', () => {
  it('says that a warning is a reason to look, not a verdict, and that no company is named', () => {
    renderView(figures)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      '监督统计',
    )
    expect(
      screen.getByText(
        '预警只是提示监督人员进一步核查的线索，不是对违法违规的认定。',
      ),
    ).toBeTruthy()
    expect(screen.getByText(/不公布任何单位或项目的名称/)).toBeTruthy()
  })

  it('shows each quarter and trading category with its tenders and warnings, the total last, in a captioned table the keyboard can scroll', () => {
    renderView(figures)
    const table = screen.getByRole('table', {
      name: '2026年第4季度按季度和交易类别统计',
    })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent)
    expect(headers).toEqual([
      '季度',
      '交易类别',
      '发布招标项目（个）',
      '平均招标期（日）',
      '平均投标人（家）',
      '预警（条）',
      '处理中',
      '已核实',
      '排除',
      '已消除',
      '联动监管记录（条）',
    ])
    for (const th of within(table).getAllByRole('columnheader'))
      expect(th.getAttribute('scope')).toBe('col')
    const [, construction, procurement, total] =
      within(table).getAllByRole('row')
    expect(cellTexts(construction!)).toEqual([
      '2026年第4季度',
      '工程建设',
      '12',
      '21.5（10）',
      '4.3（8）',
      '5',
      '1',
      '2',
      '1',
      '1',
      '2',
    ])
    expect(
      within(construction!).getByRole('rowheader', { name: '工程建设' }),
    ).toBeTruthy()
    // A category without 开标记录 has no mean: a dash, not a nought.
    expect(cellTexts(procurement!).slice(0, 5)).toEqual([
      '2026年第4季度',
      '政府采购',
      '3',
      '—',
      '—',
    ])
    expect(cellTexts(total!).slice(0, 2)).toEqual(['合计', '15'])

    const region = screen.getByRole('region', {
      name: '2026年第4季度按季度和交易类别统计',
    })
    expect(region.getAttribute('tabindex')).toBe('0')
    expect(region.contains(table)).toBe(true)
  })

  it('lists every indicator with its basis and what became of its warnings', () => {
    renderView(figures)
    const table = screen.getByRole('table', {
      name: '2026年第4季度各预警指标的预警和处理情况',
    })
    const rows = within(table).getAllByRole('row')
    // The header, every indicator, the total.
    expect(rows).toHaveLength(INDICATOR_CODES.length + 2)
    const tenderPeriod = within(table)
      .getByRole('rowheader', { name: '招标期过短' })
      .closest('tr')!
    expect(cellTexts(tenderPeriod)).toEqual([
      '招标期过短',
      '《招标投标法》第二十四条',
      '3',
      '1',
      '2',
      '0',
      '0',
      '2',
    ])
    const committee = within(table)
      .getByRole('rowheader', { name: '评标委员会组成不合规' })
      .closest('tr')!
    expect(cellTexts(committee).slice(2, 7)).toEqual(['2', '0', '0', '1', '1'])
    expect(
      screen.getByText(
        '2026年第4季度由核实的预警建立联动监管记录 2 条，其中已审核公开 1 条。',
      ),
    ).toBeTruthy()
  })

  it('chooses a quarter or a year by links, the current one marked', () => {
    renderView(figures)
    const nav = screen.getByRole('navigation', { name: '选择统计季度' })
    const current = within(nav).getByRole('link', { name: '2026年第4季度' })
    expect(current.getAttribute('aria-current')).toBe('page')
    expect(current.getAttribute('href')).toBe(
      '/business/supervision?year=2026&quarter=4',
    )
    expect(
      within(nav)
        .getByRole('link', { name: '2025年第1季度' })
        .getAttribute('href'),
    ).toBe('/business/supervision?year=2025&quarter=1')
    const all = within(nav).getByRole('link', { name: '全部季度' })
    expect(all.getAttribute('href')).toBe('/business/supervision')
    expect(all.getAttribute('aria-current')).toBeNull()
    expect(
      within(nav).getByRole('link', { name: '2026年' }).getAttribute('href'),
    ).toBe('/business/supervision?year=2026')
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      '/open-data/supervision-statistics.csv?year=2026&quarter=4',
    )
  })

  it('says 暂无统计数据 when the quarter has no figures, and shows no table', () => {
    renderView({
      ...figures,
      year: 2024,
      quarter: 2,
      label: '2024年第2季度',
      rows: [],
      total: { ...figures.total, projects: 0, warnings: noWarnings },
      linkage: { opened: 0, published: 0 },
    })
    expect(screen.getByText('暂无统计数据')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByText('统计范围：2024年第2季度')).toBeTruthy()
    expect(
      screen.getByRole('navigation', { name: '选择统计季度' }),
    ).toBeTruthy()
  })
})
