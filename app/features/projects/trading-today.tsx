import { href, Link } from 'react-router'

import type {
  ProjectHomeSummary,
  ProjectScheduleItem,
  ProjectSummary,
  ScheduleList,
} from '#common/schemas/project.ts'

import { projectHref, timeParts } from './project-format.ts'
import styles from './trading-today.module.css'

// The home page's business: plain lists and links, no widget library, so the first page a
// visitor opens stays light.

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六']

// A calendar date: the same on server and browser.
function dayLabel(day: string) {
  const [, month, date] = day.split('-').map(Number)
  const weekday = WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]
  return `${month}月${date}日 ${weekday}`
}

const listHref = (params: Record<string, string>) =>
  `${href('/business/list')}?${new URLSearchParams(params)}`

const scheduleListHref = (
  by: 'opening' | 'deadline',
  range: 'today' | 'week',
) =>
  listHref({
    [by]: range,
    sort: by === 'opening' ? 'openingTime' : 'registrationDeadline',
  })

type Figure = { label: string; value: number; unit: string; to?: string }

export function TradingFigures({ summary }: { summary: ProjectHomeSummary }) {
  const { figures } = summary
  const items: Figure[] = [
    { label: '进行中项目', value: figures.inProgress, unit: '个' },
    { label: '本月交易公告', value: figures.noticesThisMonth, unit: '条' },
    {
      label: '本周开标',
      value: figures.openingsThisWeek,
      unit: '个',
      to: scheduleListHref('opening', 'week'),
    },
    {
      label: '本周报名截止',
      value: figures.deadlinesThisWeek,
      unit: '个',
      to: scheduleListHref('deadline', 'week'),
    },
  ]
  return (
    <section aria-labelledby="trading-figures-title">
      <h2 id="trading-figures-title" className="visually-hidden">
        交易概况
      </h2>
      <dl className={styles.figures}>
        {items.map((item) => (
          <div key={item.label} className={styles.figure}>
            <dt>{item.label}</dt>
            <dd>
              {item.to ? (
                <Link
                  to={item.to}
                  aria-label={`${item.label}${item.value}${item.unit}，查看列表`}
                >
                  {item.value}
                </Link>
              ) : (
                item.value
              )}
              <span className={styles.unit}>{item.unit}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

type ScheduleColumnProps = {
  title: string
  list: ScheduleList
  by: 'opening' | 'deadline'
  range: 'today' | 'week'
  empty: string
  today: string
}

function ScheduleColumn({
  title,
  list,
  by,
  range,
  empty,
  today,
}: ScheduleColumnProps) {
  const field = by === 'opening' ? 'openingTime' : 'registrationDeadline'
  const id = `schedule-${by}-${range}`
  return (
    <section aria-labelledby={id} className={styles.column}>
      <h3 id={id} className={styles.columnTitle}>
        {title}
        {list.total > 0 ? (
          <span className={styles.count}>{list.total} 项</span>
        ) : null}
      </h3>
      {list.items.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={styles.scheduleList}>
          {list.items.map((item) => (
            <ScheduleEntry
              key={item.id}
              item={item}
              time={item[field]!}
              isToday={range === 'today'}
              today={today}
            />
          ))}
        </ul>
      )}
      {list.total > 0 ? (
        <Link to={scheduleListHref(by, range)} className={styles.more}>
          查看{range === 'today' ? '今日' : '本周'}全部
          {by === 'opening' ? '开标' : '报名截止'}项目 »
        </Link>
      ) : null}
    </section>
  )
}

function ScheduleEntry({
  item,
  time,
  isToday,
  today,
}: {
  item: ProjectScheduleItem
  time: string
  isToday: boolean
  today: string
}) {
  const { day, minute, dateTime } = timeParts(time)
  return (
    <li className={styles.entry}>
      <time
        dateTime={dateTime}
        className={isToday ? styles.when : `${styles.when} ${styles.withDay}`}
      >
        {isToday ? null : (
          <span className={styles.day}>
            {day === today ? '今天' : dayLabel(day)}
          </span>
        )}
        <span className={styles.minute}>{minute}</span>
      </time>
      <div className={styles.what}>
        <Link to={projectHref(item.id)} className={styles.name}>
          {item.name}
        </Link>
        <span className={styles.meta}>
          {item.categoryName} · {item.regionName}
          {item.currentStageName ? ` · ${item.currentStageName}` : ''}
        </span>
      </div>
    </li>
  )
}

export function TradingSchedule({ summary }: { summary: ProjectHomeSummary }) {
  const { openings, deadlines, today, weekStart, weekEnd } = summary
  return (
    <section
      aria-labelledby="trading-schedule-title"
      className={`portal-panel ${styles.panel}`}
    >
      <div className={styles.panelHead}>
        <h2 id="trading-schedule-title" className={styles.title}>
          开标与报名截止
        </h2>
        <p className={styles.note}>
          今天 {dayLabel(today)}，本周 {dayLabel(weekStart)}至
          {dayLabel(weekEnd)}，均为北京时间
        </p>
      </div>
      <div className={styles.grid}>
        <ScheduleColumn
          title="今日开标"
          list={openings.today}
          by="opening"
          range="today"
          empty="今日无开标项目"
          today={today}
        />
        <ScheduleColumn
          title="今日报名截止"
          list={deadlines.today}
          by="deadline"
          range="today"
          empty="今日无报名截止项目"
          today={today}
        />
        <ScheduleColumn
          title="本周开标"
          list={openings.week}
          by="opening"
          range="week"
          empty="本周无开标项目"
          today={today}
        />
        <ScheduleColumn
          title="本周报名截止"
          list={deadlines.week}
          by="deadline"
          range="week"
          empty="本周无报名截止项目"
          today={today}
        />
      </div>
    </section>
  )
}

function NoticeColumn({
  id,
  title,
  items,
  empty,
}: {
  id: string
  title: string
  items: ProjectSummary[]
  empty: string
}) {
  return (
    <section aria-labelledby={id} className={styles.column}>
      <h3 id={id} className={styles.columnTitle}>
        {title}
      </h3>
      {items.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={styles.noticeList}>
          {items.map((item) => (
            <li key={item.announcementId} className={styles.notice}>
              <span className={styles.category}>{item.categoryName}</span>
              <Link
                to={projectHref(item.id, item.stage)}
                className={styles.noticeTitle}
                title={item.title}
              >
                {item.title}
              </Link>
              <time
                dateTime={timeParts(item.publishTime).dateTime}
                className={styles.noticeDate}
              >
                {item.publishTime.slice(5, 10)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function LatestNotices({ summary }: { summary: ProjectHomeSummary }) {
  return (
    <section
      aria-labelledby="latest-notices-title"
      className={`portal-panel ${styles.panel}`}
    >
      <div className={styles.panelHead}>
        <h2 id="latest-notices-title" className={styles.title}>
          最新交易公告
        </h2>
        <span className={styles.headLinks}>
          <Link to={href('/business/supervision')} className={styles.headMore}>
            监督统计 »
          </Link>
          <Link to={href('/business/index')} className={styles.headMore}>
            更多交易信息 »
          </Link>
        </span>
      </div>
      <div className={styles.grid}>
        <NoticeColumn
          id="latest-tender-notices"
          title="招标（采购、出让）公告"
          items={summary.notices.tender}
          empty="暂无招标公告"
        />
        <NoticeColumn
          id="latest-result-notices"
          title="中标（成交）结果"
          items={summary.notices.result}
          empty="暂无结果公告"
        />
      </div>
    </section>
  )
}
