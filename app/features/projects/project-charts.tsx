import { useMemo } from 'react'

import { EChart } from '#app/components/ui/echart.tsx'
import type { ProjectStatistics } from '#common/schemas/project.ts'

import {
  categoryChartOption,
  type DrawnProjectCharts,
  monthChartOption,
  PROJECT_CHART_HEIGHT,
} from './project-chart-options.ts'

import { formatAmount } from './project-format.ts'
import styles from './projects.module.css'

type Props = {
  statistics: ProjectStatistics
  /** The charts as the server drew them, on a page's first load. */
  drawn?: DrawnProjectCharts
}

const amountText = (amount: number) => formatAmount(amount)

// Each chart carries its figures, with the amounts, as a table.
export function ProjectCharts({ statistics, drawn }: Props) {
  const { byCategory, byMonth, total } = statistics
  // The same objects from render to render: the chart is set again only when they change.
  const categoryOption = useMemo(
    () => categoryChartOption(statistics),
    [statistics],
  )
  const monthOption = useMemo(() => monthChartOption(statistics), [statistics])
  return (
    <section className={styles.charts} aria-labelledby="figures-title">
      <h2 id="figures-title" className={styles.sectionTitle}>
        交易统计（近{byMonth.length}个月）
      </h2>
      <dl className={styles.totals}>
        <div>
          <dt>项目总数</dt>
          <dd>{total.count} 个</dd>
        </div>
        <div>
          <dt>交易总额</dt>
          <dd>{amountText(total.amount)}</dd>
        </div>
      </dl>
      <div className={styles.chartGrid}>
        <div className="portal-panel">
          <h3 className={styles.chartTitle}>各交易类别项目数</h3>
          <EChart
            kinds={['pie']}
            height={PROJECT_CHART_HEIGHT}
            option={categoryOption}
            drawn={drawn?.byCategory}
            table={{
              caption: '各交易类别项目数与交易金额',
              columns: ['交易类别', '项目数', '交易金额'],
              rows: byCategory.map((c) => [
                c.categoryName,
                c.count,
                amountText(c.amount),
              ]),
            }}
          />
        </div>
        <div className="portal-panel">
          <h3 className={styles.chartTitle}>每月项目数</h3>
          <EChart
            kinds={['bar']}
            height={PROJECT_CHART_HEIGHT}
            option={monthOption}
            drawn={drawn?.byMonth}
            table={{
              caption: '每月项目数与交易金额',
              columns: ['月份', '项目数', '交易金额'],
              rows: byMonth.map((m) => [
                m.month,
                m.count,
                amountText(m.amount),
              ]),
            }}
          />
        </div>
      </div>
    </section>
  )
}
