import { href, Link } from 'react-router'

import { ComplaintFiguresSections } from '#app/components/ui/complaint-figures-table.tsx'
import type { ComplaintFigures } from '#common/schemas/complaint/complaint-figures.ts'

import styles from './figures.module.css'

const percent = (share: number | null) =>
  share === null ? '—' : `${(share * 100).toFixed(1)}%`

// The year at a glance: what came in, what became of it, how quickly.
const tilesOf = (total: ComplaintFigures['total']) => [
  { label: '收到投诉', value: total.received, unit: '件' },
  { label: '受理', value: total.accepted, unit: '件' },
  { label: '不予受理', value: total.refused, unit: '件' },
  { label: '作出处理决定', value: total.decided, unit: '件' },
  { label: '按期处理率', value: percent(total.decisionOnTimeShare), unit: '' },
  {
    label: '平均处理用时',
    value: total.decisionDays.mean ?? '—',
    unit: total.decisionDays.mean === null ? '' : '个工作日',
  },
]

const figuresHref = (year: number, period: 'month' | 'quarter') =>
  `${href('/complaint/figures')}?year=${year}&period=${period}`

// 投诉处理情况: what the department received and how it kept the law's time limits, with no
// person named (the console's 投诉统计 names each 承办人).
export function FiguresView({ figures }: { figures: ComplaintFigures }) {
  const { total } = figures
  const years = Array.from({ length: 5 }, (_, i) => figures.thisYear - i)
  return (
    <article className={styles.page} aria-labelledby="figures-title">
      <h1 id="figures-title" className={styles.title}>
        {figures.year}年投诉处理情况
      </h1>
      <nav aria-label="选择年份和统计周期" className={styles.choices}>
        <span>年份：</span>
        {years.map((year) => (
          <Link
            key={year}
            to={figuresHref(year, figures.period)}
            aria-current={year === figures.year ? 'page' : undefined}
            className={year === figures.year ? styles.current : undefined}
          >
            {year}年
          </Link>
        ))}
        <span>周期：</span>
        {(['month', 'quarter'] as const).map((period) => (
          <Link
            key={period}
            to={figuresHref(figures.year, period)}
            aria-current={period === figures.period ? 'page' : undefined}
            className={period === figures.period ? styles.current : undefined}
          >
            {period === 'month' ? '按月' : '按季度'}
          </Link>
        ))}
      </nav>
      <dl className={styles.summary}>
        {tilesOf(total).map((tile) => (
          <div key={tile.label}>
            <dt>{tile.label}</dt>
            <dd>
              {tile.value}
              {tile.unit ? (
                <span className={styles.unit}>{tile.unit}</span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.note}>
        按收到投诉的时间统计。受理用时自收到投诉次日起至作出受理决定之日，不含补正材料期间；处理用时自受理次日起至作出处理决定之日，不含检验、检测、鉴定、专家评审期间，法定期限为30个工作日（依法延长的除外）。
      </p>
      <p className={styles.note}>
        开放数据：
        <a
          href={`/open-data/complaint-figures.json?year=${figures.year}&period=${figures.period}`}
        >
          JSON
        </a>
        {' · '}
        <a
          href={`/open-data/complaint-figures.csv?year=${figures.year}&period=${figures.period}`}
          download
        >
          CSV
        </a>
        （与本页相同的数据，可自由使用）
      </p>
      <ComplaintFiguresSections figures={figures} />
    </article>
  )
}
