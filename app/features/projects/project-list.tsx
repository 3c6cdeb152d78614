/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role -- the
   table's own roles, stated on purpose: the narrow layout sets display: block on its parts, and
   some browsers then drop the table from the accessibility tree unless the roles are explicit. */
import { Link } from 'react-router'

import type { ProjectSortField } from '#common/constants/trade.ts'
import type { ProjectSummary } from '#common/schemas/project.ts'

import { partyLabel, projectHref, timeParts } from './project-format.ts'
import {
  nextSort,
  type ProjectListQuery,
  projectListHref,
  sortOrderOf,
} from './project-list-query.ts'
import styles from './projects.module.css'
import { CategoryTag } from '#app/components/ui/category-tag.tsx'

const COLUMNS: {
  field: ProjectSortField
  label: string
  asc: string
  desc: string
}[] = [
  {
    field: 'currentStage',
    label: '当前环节',
    asc: '按交易环节由前到后',
    desc: '按交易环节由后到前',
  },
  {
    field: 'registrationDeadline',
    label: '报名截止',
    asc: '按报名截止时间由早到晚',
    desc: '按报名截止时间由晚到早',
  },
  {
    field: 'openingTime',
    label: '开标时间',
    asc: '按开标时间由早到晚',
    desc: '按开标时间由晚到早',
  },
  {
    field: 'publishTime',
    label: '发布时间',
    asc: '按发布时间由早到晚',
    desc: '按发布时间由晚到早',
  },
]

// A dash the screen reader reads as 无.
function ScheduleTime({ text }: { text: string | null }) {
  if (!text)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">无</span>
      </>
    )
  const { day, minute, dateTime } = timeParts(text)
  return (
    <time dateTime={dateTime} className={styles.scheduleTime}>
      <span>{day}</span> <span>{minute}</span>
    </time>
  )
}

// A link, so it works by keyboard and before scripts load, and its URL reproduces the view.
function SortHeader({
  column,
  query,
}: {
  column: (typeof COLUMNS)[number]
  query: ProjectListQuery
}) {
  const isSorted = query.sort === column.field
  const order = sortOrderOf(query)
  const next = nextSort(query, column.field)
  return (
    <th
      scope="col"
      role="columnheader"
      aria-sort={
        isSorted ? (order === 'asc' ? 'ascending' : 'descending') : undefined
      }
      className={styles.sortHeader}
    >
      <Link
        to={projectListHref(query, next)}
        preventScrollReset
        className={styles.sortLink}
      >
        {column.label}
        <span aria-hidden="true" className={styles.sortMark}>
          {isSorted ? (order === 'asc' ? '↑' : '↓') : '↕'}
        </span>
        <span className="visually-hidden">
          （点击{column[next.order]}排列）
        </span>
      </Link>
    </th>
  )
}

type Props = { items: ProjectSummary[]; query: ProjectListQuery }

export function ProjectList({ items, query }: Props) {
  const sorted = COLUMNS.find((column) => column.field === query.sort)!
  return (
    <table className={styles.projectTable} role="table">
      <caption className="visually-hidden">
        交易列表，{sorted[sortOrderOf(query)]}排列
      </caption>
      <thead role="rowgroup">
        <tr role="row" className={styles.sortBar}>
          <th scope="col" role="columnheader" className={styles.projectHeader}>
            项目
          </th>
          {COLUMNS.map((column) => (
            <SortHeader key={column.field} column={column} query={query} />
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {items.map((item) => (
          <tr
            role="row"
            key={`${item.id}-${item.announcementId}`}
            className={styles.projectRow}
          >
            <td role="cell" className={styles.projectCell}>
              <h2 className={styles.projectTitle}>
                <CategoryTag>{item.categoryName}</CategoryTag>
                <Link to={projectHref(item.id, item.stage)}>{item.title}</Link>
              </h2>
              <div className={styles.projectMeta}>
                <span>项目编号：{item.code}</span>
                <span>
                  项目类型：{item.categoryName} / {item.subTypeName}
                </span>
                <span>所属地区：{item.regionName}</span>
                <span>交易方式：{item.tradeMode}</span>
                <span>
                  {partyLabel(item.category)}：{item.tenderer}
                </span>
              </div>
            </td>
            <td role="cell" data-label="当前环节">
              {item.currentStageName || <ScheduleTime text={null} />}
            </td>
            <td role="cell" data-label="报名截止">
              <ScheduleTime text={item.registrationDeadline} />
            </td>
            <td role="cell" data-label="开标时间">
              <ScheduleTime text={item.openingTime} />
            </td>
            <td role="cell" data-label="发布时间">
              <time dateTime={timeParts(item.publishTime).dateTime}>
                {item.publishTime.slice(0, 10)}
              </time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
