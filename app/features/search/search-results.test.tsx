// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import '#tests/jsdom-shims.ts'
import type { SearchHit } from '#common/schemas/search.ts'

import { SearchResults } from './search-results.tsx'
import type { SearchUrlQuery } from './search-url-query.ts'

const hits: SearchHit[] = Array.from({ length: 10 }, (_, i) => ({
  type: 'article',
  typeName: '新闻资讯',
  refId: i + 1,
  projectId: null,
  stage: null,
  categoryId: 1073,
  subTypeName: '通知公告',
  title: `水库巡查通知${i + 1}`,
  titleHtml: `<mark>水库</mark>巡查通知${i + 1}`,
  snippetHtml: '各<mark>水库</mark>要加强巡查。',
  publishTime: '2026-11-20 10:00:00',
}))

function show(query: Partial<SearchUrlQuery>, total: number, capped: boolean) {
  render(
    <MemoryRouter>
      <SearchResults
        query={{
          page: 1,
          keyword: '水库',
          type: 'all',
          time: 'all',
          isCut: false,
          ...query,
        }}
        items={hits}
        total={total}
        totalCapped={capped}
      />
    </MemoryRouter>,
  )
}

afterEach(cleanup)

describe('search results', () => {
  it('says when more documents match than are listed, and how to narrow the search', () => {
    show({ page: 20 }, 200, true)
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      '找到超过 200 条与“水库”相关的结果',
    )
    expect(screen.getByText(/以下列出最新的 200 条/).textContent).toContain(
      '可增加关键字，或按类别、发布时间缩小范围',
    )
    // The pager reaches the last listed page and no further.
    expect(screen.getByRole('link', { name: '上一页' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: '下一页' })).toBeNull()
  })

  it('gives the exact number when every match is listed', () => {
    show({}, 35, false)
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      '找到 35 条与“水库”相关的结果',
    )
    expect(screen.queryByText(/以下列出最新的/)).toBeNull()
  })
})
