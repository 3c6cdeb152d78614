import { describe, expect, it } from 'vitest'

import type { ProjectStatistics } from '#common/schemas/project.ts'

import { drawProjectCharts } from './project-charts.server.ts'

const statistics: ProjectStatistics = {
  total: { count: 5, amount: 1200 },
  byCategory: [
    { category: 1, categoryName: '工程建设', count: 3, amount: 1000 },
    {
      category: 2,
      categoryName: '<img src=x onerror=alert(1)>',
      count: 2,
      amount: 200,
    },
  ],
  byMonth: [
    {
      month: '2026-10',
      count: 2,
      amount: 200,
      categories: [{ category: 1, count: 2, amount: 200 }],
    },
    {
      month: '2026-11',
      count: 3,
      amount: 1000,
      categories: [
        { category: 1, count: 1, amount: 800 },
        { category: 2, count: 2, amount: 200 },
      ],
    },
  ],
}

describe('the trading figures drawn on the server', () => {
  it('draws both charts at a phone’s and a desktop’s width, scaling with their box', () => {
    const drawn = drawProjectCharts(statistics)
    for (const chart of [drawn.byCategory, drawn.byMonth]) {
      expect(chart.narrow).toMatch(/^<svg [^>]*viewBox="0 0 320 320"/)
      expect(chart.wide).toMatch(/^<svg [^>]*viewBox="0 0 440 320"/)
    }
    // The months are the bar chart's axis; the legend names the categories.
    expect(drawn.byMonth.wide).toContain('>11月<')
    expect(drawn.byMonth.wide).toContain('>工程建设<')
  })

  it('writes a name as text, never as markup', () => {
    const drawn = drawProjectCharts(statistics)
    for (const svg of [drawn.byCategory.narrow, drawn.byMonth.wide]) {
      expect(svg).not.toContain('<img')
      expect(svg).toContain('&lt;img')
    }
  })
})
