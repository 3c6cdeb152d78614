import type { EChartsCoreOption } from 'echarts/core'

import type { DrawnChart } from '#app/components/ui/echart.tsx'
import type { ProjectStatistics } from '#common/schemas/project.ts'

/** The two charts as the server drew them (project-charts.server.ts). */
export type DrawnProjectCharts = { byCategory: DrawnChart; byMonth: DrawnChart }

/** Both charts of the trading figures are this tall. */
export const PROJECT_CHART_HEIGHT = 320

/** Projects per category: a ring with its labels, or a legend in a narrow box. */
export function categoryChartOption({
  byCategory,
}: ProjectStatistics): EChartsCoreOption {
  return {
    baseOption: {
      tooltip: {
        trigger: 'item',
        formatter: '{b}：{c} 个（{d}%）',
      },
      legend: { show: false, type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          name: '项目数',
          radius: ['38%', '62%'],
          label: { formatter: '{b}\n{c} 个' },
          data: byCategory.map((c) => ({
            name: c.categoryName,
            value: c.count,
          })),
        },
      ],
    },
    // A narrow box has no room for the labels beside the ring: a legend instead.
    media: [
      {
        query: { maxWidth: 460 },
        option: {
          legend: { show: true },
          series: [
            {
              radius: ['32%', '58%'],
              center: ['50%', '44%'],
              label: { show: false },
            },
          ],
        },
      },
    ],
  }
}

/** Projects per month: one stacked bar a month, split by category. */
export function monthChartOption({
  byCategory,
  byMonth,
}: ProjectStatistics): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 40, right: 12, top: 16, bottom: 64 },
    xAxis: {
      type: 'category',
      data: byMonth.map((m) => `${Number(m.month.slice(5))}月`),
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: byCategory.map((category) => ({
      type: 'bar',
      name: category.categoryName,
      stack: 'month',
      barMaxWidth: 28,
      data: byMonth.map(
        (m) =>
          m.categories.find((c) => c.category === category.category)?.count ??
          0,
      ),
    })),
  }
}
