import { type ReactNode, useId } from 'react'

import type {
  IndicatorFigures,
  StatisticsFigures,
  SupervisionStatistics,
  WarningCounts,
} from '#common/schemas/supervision-statistics.ts'

import styles from './supervision-statistics.module.css'

// A table wider than a phone scrolls sideways in its own box, which the keyboard reaches and the
// caption names (as the project page's facts); the page itself never does.
function ScrollTable({
  caption,
  children,
}: {
  caption: string
  children: ReactNode
}) {
  const id = useId()
  return (
    <div className={styles.tableArea}>
      <p id={`${id}-hint`} className={styles.scrollHint}>
        左右滑动查看更多
      </p>
      <div
        className="portal-table-scroll"
        role="region"
        aria-labelledby={`${id}-caption`}
        aria-describedby={`${id}-hint`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
      >
        <table className={styles.table}>
          <caption id={`${id}-caption`}>{caption}</caption>
          {children}
        </table>
      </div>
    </div>
  )
}

const WARNING_COLUMNS: { key: keyof WarningCounts; label: string }[] = [
  { key: 'raised', label: '预警（条）' },
  { key: 'open', label: '处理中' },
  { key: 'verified', label: '已核实' },
  { key: 'dismissed', label: '排除' },
  { key: 'cleared', label: '已消除' },
]

function NumberHeaders({ labels }: { labels: string[] }) {
  return labels.map((label) => (
    <th key={label} scope="col" className={styles.number}>
      {label}
    </th>
  ))
}

function Mean({ mean }: { mean: StatisticsFigures['tenderDays'] }) {
  if (mean.mean === null) return '—'
  return (
    <>
      {mean.mean}
      <span className={styles.count}>（{mean.count}）</span>
    </>
  )
}

function FigureCells({ figures }: { figures: StatisticsFigures }) {
  return (
    <>
      <td className={styles.number}>{figures.projects}</td>
      <td className={styles.number}>
        <Mean mean={figures.tenderDays} />
      </td>
      <td className={styles.number}>
        <Mean mean={figures.bidders} />
      </td>
      {WARNING_COLUMNS.map((column) => (
        <td key={column.key} className={styles.number}>
          {figures.warnings[column.key]}
        </td>
      ))}
      <td className={styles.number}>{figures.linkageOpened}</td>
    </>
  )
}

/** The tenders and their warnings for each quarter and trading category, the total last. */
export function QuarterTable({
  statistics,
}: {
  statistics: SupervisionStatistics
}) {
  return (
    <ScrollTable caption={`${statistics.label}按季度和交易类别统计`}>
      <thead>
        <tr>
          <th scope="col">季度</th>
          <th scope="col">交易类别</th>
          <NumberHeaders
            labels={[
              '发布招标项目（个）',
              '平均招标期（日）',
              '平均投标人（家）',
              ...WARNING_COLUMNS.map((column) => column.label),
              '联动监管记录（条）',
            ]}
          />
        </tr>
      </thead>
      <tbody>
        {statistics.rows.map((row) => (
          <tr key={`${row.year}-${row.quarter}-${row.category}`}>
            <th scope="row">{row.quarterLabel}</th>
            <th scope="row">{row.categoryName}</th>
            <FigureCells figures={row} />
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            合计
          </th>
          <FigureCells figures={statistics.total} />
        </tr>
      </tfoot>
    </ScrollTable>
  )
}

function IndicatorCells({
  figures,
}: {
  figures: WarningCounts & { linkageOpened: number }
}) {
  return (
    <>
      {WARNING_COLUMNS.map((column) => (
        <td key={column.key} className={styles.number}>
          {figures[column.key]}
        </td>
      ))}
      <td className={styles.number}>{figures.linkageOpened}</td>
    </>
  )
}

/** Every indicator with its legal basis and what became of its warnings. */
export function IndicatorTable({
  label,
  indicators,
  total,
}: {
  label: string
  indicators: IndicatorFigures[]
  total: StatisticsFigures
}) {
  return (
    <ScrollTable caption={`${label}各预警指标的预警和处理情况`}>
      <thead>
        <tr>
          <th scope="col">预警指标</th>
          <th scope="col">依据</th>
          <NumberHeaders
            labels={[
              ...WARNING_COLUMNS.map((column) => column.label),
              '联动监管记录（条）',
            ]}
          />
        </tr>
      </thead>
      <tbody>
        {indicators.map((indicator) => (
          <tr key={indicator.code}>
            <th scope="row">{indicator.name}</th>
            <td className={styles.basis}>{indicator.basis}</td>
            <IndicatorCells figures={indicator} />
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            合计
          </th>
          <IndicatorCells
            figures={{ ...total.warnings, linkageOpened: total.linkageOpened }}
          />
        </tr>
      </tfoot>
    </ScrollTable>
  )
}
