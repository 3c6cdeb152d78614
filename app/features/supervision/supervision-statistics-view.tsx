import { Empty } from 'antd'
import type { ReactNode } from 'react'
import { href, Link } from 'react-router'

import type { SupervisionStatistics } from '#common/schemas/supervision-statistics.ts'

import { IndicatorTable, QuarterTable } from './statistics-tables.tsx'
import styles from './supervision-statistics.module.css'

const selectionQuery = (year?: number, quarter?: number) =>
  year === undefined
    ? ''
    : `?${new URLSearchParams({
        year: String(year),
        ...(quarter === undefined ? {} : { quarter: String(quarter) }),
      })}`

const pageHref = (year?: number, quarter?: number) =>
  `${href('/business/supervision')}${selectionQuery(year, quarter)}`

function ChoiceLink({
  to,
  isCurrent,
  children,
}: {
  to: string
  isCurrent: boolean
  children: ReactNode
}) {
  return (
    <Link
      to={to}
      aria-current={isCurrent ? 'page' : undefined}
      className={isCurrent ? styles.current : undefined}
    >
      {children}
    </Link>
  )
}

/** 全部季度, each year, and each quarter with figures. */
function QuarterChoices({ statistics }: { statistics: SupervisionStatistics }) {
  const years = [...new Set(statistics.quarters.map((q) => q.year))]
  const isChosen = (year: number | null, quarter: number | null) =>
    statistics.year === year && statistics.quarter === quarter
  return (
    <nav aria-label="选择统计季度" className={styles.choices}>
      <ul className={styles.choiceYears}>
        <li>
          <ChoiceLink to={pageHref()} isCurrent={isChosen(null, null)}>
            全部季度
          </ChoiceLink>
        </li>
        {years.map((year) => (
          <li key={year} className={styles.choiceYear}>
            <ChoiceLink to={pageHref(year)} isCurrent={isChosen(year, null)}>
              {year}年
            </ChoiceLink>
            <ul className={styles.choiceQuarters}>
              {statistics.quarters
                .filter((q) => q.year === year)
                .map((q) => (
                  <li key={q.quarter}>
                    <ChoiceLink
                      to={pageHref(year, q.quarter)}
                      isCurrent={isChosen(year, q.quarter)}
                    >
                      <span className="visually-hidden">{year}年</span>第
                      {q.quarter}季度
                    </ChoiceLink>
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function LinkageSummary({ statistics }: { statistics: SupervisionStatistics }) {
  const { opened, published } = statistics.linkage
  return (
    <section aria-labelledby="supervision-linkage-title">
      <h2 id="supervision-linkage-title" className={styles.heading}>
        联动监管
      </h2>
      <p className={styles.lead}>
        {opened === 0
          ? `${statistics.label}暂无由预警核实后建立的联动监管记录。`
          : `${statistics.label}由核实的预警建立联动监管记录 ${opened} 条，其中已审核公开 ${published} 条。`}
      </p>
      <p className={styles.note}>
        预警经核实后，监督人员建立联动监管记录，列明监管事项和整改要求，经审核后在相应项目的页面公开。
      </p>
    </section>
  )
}

// 监督统计: what supervision from the data found, as figures only. A warning is a reason to look
// (common/constants/supervision.ts), never a verdict, and no company or project is named here.
export function SupervisionStatisticsView({
  statistics,
}: {
  statistics: SupervisionStatistics
}) {
  const query = selectionQuery(
    statistics.year ?? undefined,
    statistics.quarter ?? undefined,
  )
  return (
    <article
      className={`portal-panel ${styles.page}`}
      aria-labelledby="supervision-title"
    >
      <h1 id="supervision-title" className={styles.title}>
        监督统计
      </h1>
      <p className={styles.lead}>
        本页按季度和交易类别，统计本平台发布的招标项目，以及系统根据各环节公告中的招标投标数据自动发出的预警。
        <strong>
          预警只是提示监督人员进一步核查的线索，不是对违法违规的认定。
        </strong>
        每条预警都由监督人员核查：情况属实的记为“已核实”，并建立联动监管记录督促整改；情况正常或另有合理原因的记为“排除”；项目信息更新后不再触发的记为“已消除”。本页只公布数字，不公布任何单位或项目的名称。
      </p>
      <p className={styles.note}>
        项目按首次发布的时间（北京时间）计入季度，预警计入所属项目的季度，已撤回的项目不计入。平均招标期为招标公告中招标文件开始发出之日至投标截止之日的天数（不含资格预审公告）；平均投标人为开标记录中开启的投标文件数。括号内为计入平均值的公告或开标记录份数。
      </p>
      <QuarterChoices statistics={statistics} />
      <p className={styles.selection}>统计范围：{statistics.label}</p>
      {statistics.rows.length === 0 ? (
        <Empty description="暂无统计数据" />
      ) : (
        <>
          <section aria-labelledby="supervision-quarters-title">
            <h2 id="supervision-quarters-title" className={styles.heading}>
              招标项目与预警
            </h2>
            <QuarterTable statistics={statistics} />
          </section>
          <section aria-labelledby="supervision-indicators-title">
            <h2 id="supervision-indicators-title" className={styles.heading}>
              按预警指标
            </h2>
            <IndicatorTable
              label={statistics.label}
              indicators={statistics.indicators}
              total={statistics.total}
            />
          </section>
          <LinkageSummary statistics={statistics} />
        </>
      )}
      <p className={styles.note}>
        开放数据：
        <a href={`/open-data/supervision-statistics.json${query}`}>JSON</a>
        {' · '}
        <a href={`/open-data/supervision-statistics.csv${query}`} download>
          CSV
        </a>
        （与本页相同的数据，可自由使用）
      </p>
    </article>
  )
}
