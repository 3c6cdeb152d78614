// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { pretendPhoneScreen } from '#tests/jsdom-shims.ts'

import type { ContentItemPage } from '#common/schemas/content/workflow.ts'
import { contentItem, revisionSummary } from '#tests/content-fixtures.ts'

import { ContentList, NewContentLinks } from './content-list.tsx'

afterEach(cleanup)

function renderList(
  page: ContentItemPage,
  path = '/admin/content',
  isLoading = false,
) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/content',
        element: (
          <>
            <NewContentLinks />
            <ContentList page={page} isLoading={isLoading} />
          </>
        ),
      },
      { path: '/admin/content/new', element: <p>新建页面</p> },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return router
}

const search = (router: ReturnType<typeof renderList>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search))

const PAGE: ContentItemPage = {
  total: 2,
  items: [
    contentItem({
      latest: revisionSummary({
        state: 'submitted',
        submittedAt: '2026-11-20 10:05:00',
      }),
    }),
    contentItem({
      id: 52,
      kind: 'policy',
      categoryId: 928,
      categoryName: '自治区政策法规',
      title: '自治区水利工程建设项目招标投标管理办法',
      itemState: 'published',
      publishedAt: '2026-11-01 09:00:00',
      publicPath: '/policies/detail?id=52',
      latest: revisionSummary({
        revisionNo: 2,
        state: 'returned',
        isCorrection: true,
        reviewerName: '赵审核',
        reviewedAt: '2026-11-21 16:20:00',
        reviewComment: '请核对文号',
      }),
    }),
  ],
}

describe('the content list', () => {
  it('shows each item with its category, public state and latest revision, its title opening it', () => {
    renderList(PAGE)
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    const first = within(rows[0]!)
    expect(
      first
        .getByRole('link', {
          name: '关于开展2026年度水利工程招标投标专项检查的通知',
        })
        .getAttribute('href'),
    ).toBe('/admin/content/41')
    expect(first.getByText('通知公告')).toBeTruthy()
    expect(first.getByText('未发布')).toBeTruthy()
    expect(first.getByText('待审核')).toBeTruthy()
    expect(first.getByText('王编辑 提交于 2026-11-20 10:05')).toBeTruthy()
    const second = within(rows[1]!)
    expect(second.getByText('已发布')).toBeTruthy()
    expect(second.getByText('已退回')).toBeTruthy()
    expect(second.getByText('更正')).toBeTruthy()
    expect(second.getByText('赵审核 退回于 2026-11-21 16:20')).toBeTruthy()
  })

  it('keeps the filters in the URL, dropping a category that belongs to another kind', async () => {
    const user = userEvent.setup()
    const router = renderList(
      PAGE,
      '/admin/content?kind=article&categoryId=1073&page=2',
    )
    await user.type(screen.getByLabelText('关键字'), '专项检查')
    await user.click(screen.getByRole('button', { name: '查询' }))
    expect(search(router)).toEqual({
      kind: 'article',
      categoryId: '1073',
      keyword: '专项检查',
    })
    await user.click(screen.getByLabelText('类型'))
    await user.click(await screen.findByTitle('政策法规'))
    expect(search(router)).toEqual({ kind: 'policy', keyword: '专项检查' })
    await user.click(screen.getByLabelText('待办'))
    await user.click(await screen.findByTitle('待审核'))
    expect(search(router)).toMatchObject({ queue: 'submitted' })
  })

  it('says when nothing matches the filters and clears them; says when there is nothing at all', async () => {
    const router = renderList(
      { items: [], total: 0 },
      '/admin/content?queue=scheduled',
    )
    expect(screen.getByText('没有符合筛选条件的内容')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: '清除筛选条件' }))
    expect(router.state.location.search).toBe('')
    expect(screen.getByText('暂无内容')).toBeTruthy()
  })

  it('shows that a new page is loading', () => {
    renderList({ items: [], total: 0 }, '/admin/content', true)
    expect(screen.getByText('正在加载内容…')).toBeTruthy()
  })

  it('offers a new item of each kind but the site settings, grouped behind 新建…, by keyboard', async () => {
    const u = userEvent.setup()
    const router = renderList(PAGE)
    const opener = screen.getByRole('button', { name: '新建…' })
    expect(opener.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('link', { name: '新建项目' })).toBeNull()
    opener.focus()
    await u.keyboard('{Enter}')
    expect(opener.getAttribute('aria-expanded')).toBe('true')
    const groups = screen
      .getAllByRole('list')
      .filter((list) => list.hasAttribute('aria-labelledby'))
      .map((list) => [
        list.getAttribute('aria-labelledby') &&
          document.getElementById(list.getAttribute('aria-labelledby')!)
            ?.textContent,
        within(list)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ])
    expect(groups).toEqual([
      ['新闻与政策', ['新建新闻公告', '新建政策法规']],
      ['项目交易', ['新建项目', '新建阶段公告', '新建联动监管记录']],
      ['信用信息', ['新建信用记录']],
      // 站点设置 always exists: it is opened from the list, never created.
      ['站点内容', ['新建首页链接', '新建页脚链接', '新建数据字典']],
    ])
    // Escape closes it, back on the button.
    await u.keyboard('{Escape}')
    expect(opener.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(opener)
    await u.keyboard('{Enter}')
    await u.tab()
    expect(document.activeElement?.textContent).toBe('新建新闻公告')
    await u.tab()
    await u.tab()
    expect(document.activeElement?.textContent).toBe('新建项目')
    await u.keyboard('{Enter}')
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/admin/content/new?kind=project',
    )
  })

  it('offers 分类 only once a kind is chosen, named as that kind files its items', async () => {
    const u = userEvent.setup()
    const router = renderList(PAGE, '/admin/content?categoryId=2')
    expect(screen.queryByLabelText('分类')).toBeNull()
    await u.click(screen.getByLabelText('类型'))
    await u.click(await screen.findByTitle('阶段公告'))
    expect(search(router)).toEqual({ kind: 'announcement' })
    await u.click(screen.getByLabelText('分类'))
    expect(await screen.findByTitle('采购公告')).toBeTruthy()
    await u.click(screen.getByTitle('招标公告'))
    expect(search(router)).toEqual({ kind: 'announcement', categoryId: '2' })
    await u.click(screen.getByLabelText('类型'))
    await u.click(await screen.findByTitle('联动监管记录'))
    expect(search(router)).toEqual({ kind: 'linkage' })
    await u.click(screen.getByLabelText('分类'))
    for (const status of ['整改中', '已整改', '已销号'])
      expect(await screen.findByTitle(status)).toBeTruthy()
    // The stages were the announcements' 分类, not the records'.
    expect(screen.queryByTitle('招标公告')).toBeNull()
    // The footer's links are filed by group; a dictionary by nothing, so no 分类.
    await u.click(screen.getByLabelText('类型'))
    await u.click(await screen.findByTitle('页脚链接'))
    await u.click(screen.getByLabelText('分类'))
    expect(await screen.findByTitle('省级水利厅（局）')).toBeTruthy()
    await u.click(screen.getByLabelText('类型'))
    await u.click(await screen.findByTitle('数据字典'))
    expect(search(router)).toEqual({ kind: 'dictionary' })
    expect(screen.queryByLabelText('分类')).toBeNull()
  })

  it('shows each item on a phone as one block: title first, then where it stands', async () => {
    const restore = pretendPhoneScreen()
    try {
      renderList(PAGE)
      await screen.findByRole('columnheader', { name: '内容' })
      expect(
        screen.getAllByRole('columnheader').map((cell) => cell.textContent),
      ).toEqual(['内容'])
      const [row] = screen.getAllByRole('row').slice(1)
      const cells = within(row!).getAllByRole('cell')
      expect(cells).toHaveLength(1)
      expect(cells[0]!.textContent).toBe(
        '关于开展2026年度水利工程招标投标专项检查的通知发布状态未发布通知公告最新修订待审核王编辑 提交于 2026-11-20 10:05',
      )
    } finally {
      restore()
    }
  })
})
