import { Empty } from 'antd'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { PAGE_SIZE } from '#common/constants/ui.ts'

import { LinkPagination } from './link-pagination.tsx'
import styles from './list-page.module.css'

type PagerProps = {
  total: number
  page: number
  pageHref: (page: number) => string
}

/** The list's pager, shown only when there is more than one page. */
export function ListPager({ total, page, pageHref }: PagerProps) {
  if (total <= PAGE_SIZE) return null
  return (
    <LinkPagination
      page={page}
      total={total}
      pageHref={pageHref}
      className={styles.pager}
    />
  )
}

type ListPageProps = PagerProps & {
  /** The page's heading (read by screen readers; the breadcrumb shows it to the eye). */
  title: string
  /** The search area above the list. */
  search?: ReactNode
  /** How many rows this page holds. */
  count: number
  /** Said when nothing matches the filters. */
  emptyText?: string
  children: ReactNode
}

/**
 * The paginated list page with a search area (spec §2, shared screen parts): the filters, the
 * count, the rows, the pager; an empty result says so, and a page past the end offers the way
 * back to the first.
 */
export function ListPage({
  title,
  search,
  count,
  total,
  page,
  pageHref,
  emptyText = '暂无符合条件的信息，请调整查询条件后重试',
  children,
}: ListPageProps) {
  return (
    <>
      <h1 className="visually-hidden">{title}</h1>
      {search}
      <section className="portal-panel" aria-label={`${title}结果`}>
        <p className={styles.summary} aria-live="polite">
          共 <strong>{total}</strong> 条
          {total > 0 ? `，第 ${page} / ${Math.ceil(total / PAGE_SIZE)} 页` : ''}
        </p>
        {count === 0 ? (
          <Empty
            description={
              page > 1 && total > 0
                ? '该页没有信息，列表可能已经更新'
                : emptyText
            }
          >
            {page > 1 ? <Link to={pageHref(1)}>返回第一页</Link> : null}
          </Empty>
        ) : (
          children
        )}
        <ListPager total={total} page={page} pageHref={pageHref} />
      </section>
    </>
  )
}
