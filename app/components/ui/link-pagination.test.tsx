import { ConfigProvider, Pagination } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import { renderToString } from 'react-dom/server'
import { Link, MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'

import { theme } from '#app/components/layout/theme.ts'
import { PAGE_SIZE } from '#common/constants/ui.ts'

import { LinkPagination } from './link-pagination.tsx'

const pageHref = (page: number) => `/index/newList?page=${page}`

/** The pager as it was built on antd's Pagination, which LinkPagination draws without it. */
function AntdLinkPagination({ page, total }: { page: number; total: number }) {
  return (
    <nav aria-label="分页">
      <Pagination
        current={page}
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

const html = (node: React.ReactNode) =>
  renderToString(
    <MemoryRouter>
      <ConfigProvider locale={zhCN} theme={{ ...theme, zeroRuntime: true }}>
        {node}
      </ConfigProvider>
    </MemoryRouter>,
  )

describe('the list pager', () => {
  it('is antd’s Pagination to the attribute, on every page of short and long lists', () => {
    for (const total of [0, 1, 15, 56, 70, 71, 200, 1234]) {
      const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
      for (let page = 1; page <= pages; page += 1) {
        expect([
          total,
          page,
          html(
            <LinkPagination page={page} total={total} pageHref={pageHref} />,
          ),
        ]).toEqual([
          total,
          page,
          html(<AntdLinkPagination page={page} total={total} />),
        ])
      }
    }
  })

  it('links each page shown, and the pages before and after', () => {
    const pager = html(
      <LinkPagination page={5} total={200} pageHref={pageHref} />,
    )
    for (const page of [1, 4, 5, 6, 20])
      expect(pager).toContain(`href="/index/newList?page=${page}"`)
    expect(pager).toContain('aria-label="上一页" href="/index/newList?page=4"')
    expect(pager).toContain('aria-label="下一页" href="/index/newList?page=6"')
  })
})
