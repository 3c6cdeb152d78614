// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import '#tests/jsdom-shims.ts'
import { type FeedInfo, newsFeed } from '#common/constants/feeds.ts'
import type { ArticleSummary } from '#common/schemas/article.ts'

import { ArticleList } from './article-list.tsx'

const items: ArticleSummary[] = Array.from({ length: 10 }, (_, i) => ({
  id: i + 1,
  title: `闸门启闭机检修通知（第${i + 1}号）`,
  summary: '闸门启闭机年度检修安排。',
  source: '水利厅',
  categoryId: 1073,
  categoryName: '通知公告',
  publishTime: '2026-11-20 09:00:00',
  cover: null,
  hasAttachment: false,
}))

function renderList(isTotalCapped: boolean, feed?: FeedInfo) {
  render(
    <MemoryRouter>
      <ArticleList
        title="新闻列表"
        items={items}
        total={200}
        page={1}
        pageHref={(page) => `/index/newList?page=${page}`}
        detailHref={(id) => `/index/newDetail?id=${id}`}
        isTotalCapped={isTotalCapped}
        feed={feed}
      />
    </MemoryRouter>,
  )
}

describe('an article list filtered by keyword', () => {
  afterEach(cleanup)

  it('says more articles match than it lists, and how to narrow them', () => {
    renderList(true)
    expect(screen.getByText(/^超过/).textContent).toMatch(/^超过 200 条/)
    expect(
      screen.getByText(
        /以下列出最新的 200 条。可增加关键字，或按发布时间缩小范围。/,
      ),
    ).toBeTruthy()
  })

  it('gives the plain total when every match is listed', () => {
    renderList(false)
    expect(screen.getByText(/^共/).textContent).toMatch(/^共 200 条/)
    expect(screen.queryByText(/以下列出最新的/)).toBeNull()
  })

  it('offers the list’s feed in RSS and Atom beside its count, named by the list', () => {
    renderList(false, newsFeed('notice'))
    const rss = screen.getByRole('link', { name: /^RSS 订阅 ?：通知公告$/ })
    expect(rss.getAttribute('href')).toBe('/feeds/notice.rss')
    expect(rss.getAttribute('type')).toBe('application/rss+xml')
    const atom = screen.getByRole('link', { name: /^Atom ?订阅：通知公告$/ })
    expect(atom.getAttribute('href')).toBe('/feeds/notice.atom')
  })

  it('offers no feed where the list has none', () => {
    renderList(false)
    expect(screen.queryByRole('link', { name: /RSS/ })).toBeNull()
  })
})
