import type { EChartsCoreOption, EChartsType } from 'echarts/core'
import { useEffect, useId, useRef, useState } from 'react'

import type { ChartKind } from './echart-runtime.ts'
import styles from './echart.module.css'

type ChartTable = {
  caption: string
  columns: string[]
  rows: (string | number)[][]
}

type Props = {
  kinds: readonly ChartKind[]
  option: EChartsCoreOption
  table: ChartTable
  height?: number
}

// ECharts loads lazily in the browser with only the needed chart types, and draws over the
// server's table, which stays for screen readers.
export function EChart({ kinds, option, table, height = 320 }: Props) {
  const hostRef = useRef<HTMLDivElement>(null)
  const [chart, setChart] = useState<EChartsType | null>(null)
  const [hasFailed, setHasFailed] = useState(false)
  const captionId = useId()
  const kindsKey = kinds.join(',')

  useEffect(() => {
    const host = hostRef.current
    if (!host) return
    let isCurrent = true
    let created: EChartsType | null = null
    let observer: ResizeObserver | null = null
    import('./echart-runtime.ts')
      .then(({ loadECharts }) =>
        loadECharts(kindsKey.split(',') as ChartKind[]),
      )
      .then(({ init }) => {
        if (!isCurrent) return
        created = init(host, undefined, { locale: 'ZH' })
        observer = new ResizeObserver(() => created?.resize())
        observer.observe(host)
        setChart(created)
      })
      .catch(() => isCurrent && setHasFailed(true))
    return () => {
      isCurrent = false
      observer?.disconnect()
      created?.dispose()
    }
  }, [kindsKey])

  useEffect(() => {
    if (!chart) return
    chart.setOption(option, { notMerge: true })
  }, [chart, option])

  const status = hasFailed ? 'failed' : chart ? 'drawn' : 'waiting'
  return (
    <figure
      className={styles.figure}
      style={{ height }}
      aria-labelledby={captionId}
      data-chart-status={status}
    >
      <div ref={hostRef} className={styles.host} aria-hidden="true" />
      {/* Until the chart is drawn its figures are this table, which scrolls in its box when
          it is taller (larger text: the 适老化 mode): the keyboard reaches it too. */}
      <div
        className={status === 'drawn' ? 'visually-hidden' : styles.tableBox}
        {...(status === 'drawn'
          ? {}
          : { role: 'region', tabIndex: 0, 'aria-labelledby': captionId })}
      >
        {status === 'failed' ? (
          <p className={styles.failed}>图表加载失败，以下为统计数据。</p>
        ) : null}
        <table className={styles.table}>
          <caption id={captionId}>{table.caption}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={i}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
