import { Empty } from 'antd'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import type { FeedInfo } from '#common/constants/feeds.ts'
import { PAGE_SIZE } from '#common/constants/ui.ts'

import { FeedLinks } from './feed-links.tsx'
import { LinkPagination } from './link-pagination.tsx'
import styles from './list-page.module.css'
import { pageRange } from './page-range.ts'

type PagerProps = {
  total: number
  page: number
  pageHref: (page: number) => string
}

// Past the end it would mark the last page as the current one.
export function ListPager({ total, page, pageHref }: PagerProps) {
  if (total <= PAGE_SIZE || pageRange(page, total).isPastEnd) return null
  return (
    <LinkPagination
      page={page}
      total={total}
      pageHref={pageHref}
      className={styles.pager}
    />
  )
}

export function PageOutOfRange({ total, page, pageHref }: PagerProps) {
  const { pageCount, isPastEnd } = pageRange(page, total)
  return (
    <Empty
      description={
        isPastEnd
          ? `该页没有信息：列表共 ${pageCount} 页，没有第 ${page} 页`
          : '该页没有信息，列表可能已经更新'
      }
    >
      <span className={styles.ways}>
        {pageCount > 1 ? (
          <Link to={pageHref(pageCount)}>
            转到最后一页（第 {pageCount} 页）
          </Link>
        ) : null}
        <Link to={pageHref(1)}>返回第一页</Link>
      </span>
    </Empty>
  )
}

type ListPageProps = PagerProps & {
  // Read by screen readers; the breadcrumb shows it to the eye.
  title: string
  search?: ReactNode
  count: number
  emptyText?: string
  note?: string
  isTotalCapped?: boolean
  action?: ReactNode
  feed?: FeedInfo
  children: ReactNode
}

export function ListPage({
  title,
  search,
  count,
  total,
  page,
  pageHref,
  emptyText = '暂无符合条件的信息，请调整查询条件后重试',
  note,
  isTotalCapped = false,
  action,
  feed,
  children,
}: ListPageProps) {
  const pager = { total, page, pageHref }
  return (
    <>
      <h1 className="visually-hidden">{title}</h1>
      {search}
      <section className="portal-panel" aria-label={`${title}结果`}>
        <div className={styles.summaryRow}>
          <p className={styles.summary} aria-live="polite">
            {isTotalCapped ? '超过' : '共'} <strong>{total}</strong> 条
            {pageRange(page, total).summary}
          </p>
          {action}
          {feed ? <FeedLinks feed={feed} /> : null}
        </div>
        {note ? <p className={styles.note}>{note}</p> : null}
        {isTotalCapped ? (
          <p className={styles.note}>
            符合关键字的信息较多，以下列出最新的 {total}{' '}
            条。可增加关键字，或按发布时间缩小范围。
          </p>
        ) : null}
        {count > 0 ? (
          children
        ) : total > 0 ? (
          <PageOutOfRange {...pager} />
        ) : (
          <Empty description={emptyText}>
            {page > 1 ? <Link to={pageHref(1)}>返回第一页</Link> : null}
          </Empty>
        )}
        <ListPager {...pager} />
      </section>
    </>
  )
}
