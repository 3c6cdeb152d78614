import { Pagination } from 'antd'
import { Link } from 'react-router'

import { PAGE_SIZE } from '#common/constants/ui.ts'

type Props = {
  page: number
  total: number
  pageHref: (page: number) => string
  className?: string
}

/**
 * The spec's pager (previous, pager, next; 10 a page, spec §9) made of real links: paging works
 * without scripts and each page has its own URL.
 */
export function LinkPagination({ page, total, pageHref, className }: Props) {
  return (
    <nav aria-label="分页" className={className}>
      <Pagination
        current={page}
        // The links navigate; antd only needs to know the change is handled.
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
              <Link to={pageHref(target)} aria-label={label}>
                {label}
              </Link>
            )
          }
          return original
        }}
      />
    </nav>
  )
}
