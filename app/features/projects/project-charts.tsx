import { EChart } from '#app/components/ui/echart.tsx'
import type { ProjectStatistics } from '#common/schemas/project.ts'

import { formatAmount } from './project-format.ts'
import styles from './projects.module.css'

type Props = { statistics: ProjectStatistics }

const amountText = (amount: number) => formatAmount(amount)

// Each chart carries its figures, with the amounts, as a table.
export function ProjectCharts({ statistics }: Props) {
  const { byCategory, byMonth, total } = statistics
  const months = byMonth.map((m) => m.month)
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
            height={320}
            option={{
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
            }}
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
            height={320}
            option={{
              tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
              legend: { type: 'scroll', bottom: 0 },
              grid: { left: 40, right: 12, top: 16, bottom: 64 },
              xAxis: {
                type: 'category',
                data: months.map((month) => `${Number(month.slice(5))}月`),
              },
              yAxis: { type: 'value', minInterval: 1 },
              // One stacked bar a month, split by category.
              series: byCategory.map((category) => ({
                type: 'bar',
                name: category.categoryName,
                stack: 'month',
                barMaxWidth: 28,
                data: byMonth.map(
                  (m) =>
                    m.categories.find((c) => c.category === category.category)
                      ?.count ?? 0,
                ),
              })),
            }}
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
