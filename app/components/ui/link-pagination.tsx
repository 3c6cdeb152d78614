/* eslint-disable jsx-a11y/anchor-is-valid, jsx-a11y/no-noninteractive-tabindex, jsx-a11y/role-supports-aria-props --
   antd's Pagination markup, reproduced attribute for attribute (link-pagination.test.tsx): its
   items take focus and carry aria-disabled, and its jump (•••) links have no address. */
import {
  DoubleLeftOutlined,
  DoubleRightOutlined,
  EllipsisOutlined,
} from '@ant-design/icons'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { THEME_SCOPE } from '#app/components/layout/theme.ts'
import { PAGE_SIZE } from '#common/constants/ui.ts'
import '#app/styles/antd.generated/pagination.css'

type Props = {
  page: number
  total: number
  pageHref: (page: number) => string
  className?: string
}

// What antd's Pagination shows around the current page (rc-pagination, showLessItems off).
const BUFFER = 2
const JUMP = 5

function pagerItems(
  current: number,
  pageCount: number,
): (number | 'jump-prev' | 'jump-next')[] {
  if (pageCount <= 3 + BUFFER * 2)
    return Array.from({ length: pageCount }, (_, i) => i + 1)
  let left = Math.max(1, current - BUFFER)
  let right = Math.min(current + BUFFER, pageCount)
  if (current - 1 <= BUFFER) right = 1 + BUFFER * 2
  if (pageCount - current <= BUFFER) left = pageCount - BUFFER * 2
  const hasJumpPrev = current - 1 >= BUFFER * 2 && current !== 1 + 2
  const hasJumpNext =
    pageCount - current >= BUFFER * 2 && current !== pageCount - 2
  if (hasJumpPrev && right !== pageCount) left += 1
  if (hasJumpNext && left !== 1) right -= 1
  const items: (number | 'jump-prev' | 'jump-next')[] = []
  for (let i = left; i <= right; i += 1) items.push(i)
  if (hasJumpPrev) items.unshift('jump-prev')
  if (hasJumpNext) items.push('jump-next')
  if (left !== 1) items.unshift(1)
  if (right !== pageCount) items.push(pageCount)
  return items
}

function jumpIcon(direction: 'prev' | 'next'): ReactNode {
  const Icon = direction === 'prev' ? DoubleLeftOutlined : DoubleRightOutlined
  return (
    <a className="ant-pagination-item-link">
      <div className="ant-pagination-item-container">
        <Icon className="ant-pagination-item-link-icon" />
        <span className="ant-pagination-item-ellipsis">
          <EllipsisOutlined />
        </span>
      </div>
    </a>
  )
}

// Real links: paging works without scripts and each page has its own URL. antd's Pagination
// markup without its script, which brings its page-size Select (35 KB compressed) to every list.
export function LinkPagination({ page, total, pageHref, className }: Props) {
  const pageCount = total > 0 ? Math.floor((total - 1) / PAGE_SIZE) + 1 : 0
  const hasPrev = page > 1
  const hasNext = page < pageCount
  const items = pagerItems(page, pageCount)
  const pagerClass = (item: number, at: number) =>
    [
      `ant-pagination-item ant-pagination-item-${item}`,
      item === page ? 'ant-pagination-item-active' : '',
      items[at + 1] === 'jump-next'
        ? 'ant-pagination-item-before-jump-next'
        : '',
      items[at - 1] === 'jump-prev'
        ? 'ant-pagination-item-after-jump-prev'
        : '',
    ]
      .filter(Boolean)
      .join(' ')
  return (
    <nav aria-label="分页" className={className}>
      <ul className={`ant-pagination ${THEME_SCOPE}`}>
        <li
          title="上一页"
          tabIndex={hasPrev && pageCount > 0 ? 0 : undefined}
          className={`ant-pagination-prev${hasPrev && pageCount > 0 ? '' : ' ant-pagination-disabled'}`}
          aria-disabled={!hasPrev || pageCount === 0}
        >
          {hasPrev ? (
            <Link to={pageHref(page - 1)} aria-label="上一页">
              上一页
            </Link>
          ) : (
            <span aria-disabled="true" {...{ disabled: true }}>
              上一页
            </span>
          )}
        </li>
        {pageCount === 0 ? (
          <li
            title="1"
            className="ant-pagination-item ant-pagination-item-1 ant-pagination-item-disabled"
            tabIndex={0}
          >
            <Link to={pageHref(1)}>1</Link>
          </li>
        ) : null}
        {items.map((item, at) =>
          item === 'jump-prev' || item === 'jump-next' ? (
            <li
              key={item}
              title={
                item === 'jump-prev' ? `向前 ${JUMP} 页` : `向后 ${JUMP} 页`
              }
              tabIndex={0}
              className={`ant-pagination-${item} ant-pagination-${item}-custom-icon`}
            >
              {jumpIcon(item === 'jump-prev' ? 'prev' : 'next')}
            </li>
          ) : (
            <li
              key={item}
              title={String(item)}
              className={pagerClass(item, at)}
              tabIndex={0}
            >
              <Link to={pageHref(item)}>{item}</Link>
            </li>
          ),
        )}
        <li
          title="下一页"
          tabIndex={hasNext ? 0 : undefined}
          className={`ant-pagination-next${hasNext ? '' : ' ant-pagination-disabled'}`}
          aria-disabled={!hasNext}
        >
          {hasNext ? (
            <Link to={pageHref(page + 1)} aria-label="下一页">
              下一页
            </Link>
          ) : (
            <span aria-disabled="true" {...{ disabled: true }}>
              下一页
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}
