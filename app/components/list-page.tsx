import { Empty, Pagination } from 'antd'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { PAGE_SIZE } from '#common/constants.ts'

import styles from './list-page.module.css'

type PagerProps = {
  total: number
  page: number
  pageHref: (page: number) => string
}

/**
 * The spec's pager (§9): previous, pager, next, 10 a page. Every page is a real link, so paging
 * works without scripts and each page has its own URL.
 */
export function ListPager({ total, page, pageHref }: PagerProps) {
  if (total <= PAGE_SIZE) return null
  return (
    <nav aria-label="分页" className={styles.pager}>
      <Pagination
        current={page}
        // The links below navigate; antd only needs to know the change is handled.
        onChange={() => undefined}
        total={total}
        pageSize={PAGE_SIZE}
        showSizeChanger={false}
        showQuickJumper={false}
        itemRender={(target, type, original) => {
          if (type === 'page')
            return <Link to={pageHref(target)}>{target}</Link>
          if (type === 'prev' || type === 'next') {
            const label = type === 'prev' ? '上一页' : '下一页'
            const isDisabled =
              type === 'prev' ? page <= 1 : page * PAGE_SIZE >= total
            return isDisabled ? (
              <span aria-disabled="true">{label}</span>
            ) : (
              <Link to={pageHref(target)}>{label}</Link>
            )
          }
          return original
        }}
      />
    </nav>
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
