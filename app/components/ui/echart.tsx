import type { EChartsCoreOption, EChartsType } from 'echarts/core'
import { useEffect, useId, useRef, useState } from 'react'

import type { ChartKind } from './echart-runtime.ts'
import styles from './echart.module.css'

type ChartTable = {
  caption: string
  columns: string[]
  rows: (string | number)[][]
}

/** A chart drawn as SVG by the server at a phone's and a desktop's width (echart-svg.server.ts). */
export type DrawnChart = { narrow: string; wide: string }

type Props = {
  kinds: readonly ChartKind[]
  option: EChartsCoreOption
  table: ChartTable
  height?: number
  drawn?: DrawnChart
}

// ECharts loads lazily in the browser with only the needed chart types, and draws over the
// server's table, which stays for screen readers. A chart the server drew is shown as it
// came, and ECharts is fetched only when someone points at it, for its tooltips.
export function EChart({ kinds, option, table, height = 320, drawn }: Props) {
  const hostRef = useRef<HTMLDivElement>(null)
  const [chart, setChart] = useState<EChartsType | null>(null)
  const [hasFailed, setHasFailed] = useState(false)
  const [isPointedAt, setIsPointedAt] = useState(false)
  const captionId = useId()
  const kindsKey = kinds.join(',')
  // Without the server's drawing (a client-side navigation, or data read again in the
  // browser) the chart is wanted at once.
  const isWanted = isPointedAt || drawn === undefined

  useEffect(() => {
    const host = hostRef.current
    if (!host || !isWanted) return
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
  }, [kindsKey, isWanted])

  useEffect(() => {
    if (!chart) return
    chart.setOption(option, { notMerge: true })
  }, [chart, option])

  // The server's drawing stays if ECharts fails to load: the figures are all in it.
  const isDrawnByServer = drawn !== undefined && !chart
  const status =
    chart || isDrawnByServer ? 'drawn' : hasFailed ? 'failed' : 'waiting'
  return (
    <figure
      className={styles.figure}
      style={{ height }}
      aria-labelledby={captionId}
      data-chart-status={status}
      onPointerEnter={() => setIsPointedAt(true)}
    >
      <div ref={hostRef} className={styles.host} aria-hidden="true" />
      {isDrawnByServer ? (
        <div className={styles.drawn} aria-hidden="true">
          <div
            className={styles.narrow}
            dangerouslySetInnerHTML={{ __html: drawn.narrow }}
          />
          <div
            className={styles.wide}
            dangerouslySetInnerHTML={{ __html: drawn.wide }}
          />
        </div>
      ) : null}
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
