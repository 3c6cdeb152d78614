// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import '#tests/jsdom-shims.ts'

import type {
  WarningPage,
  WarningSummary,
} from '#common/schemas/supervision.ts'

import { WarningQueue } from './warning-queue.tsx'

afterEach(cleanup)

const summary = (overrides: Partial<WarningSummary> = {}): WarningSummary => ({
  id: 7,
  projectId: 3,
  projectCode: 'SL-2026-018',
  projectName: '塔里木河干流防洪治理工程（阿拉尔段）施工',
  code: 'tenderPeriod',
  name: '招标期过短',
  state: 'raised',
  stateName: '待处理',
  assigneeId: null,
  assigneeName: null,
  explanation: '招标期仅12日，不足20日。',
  raisedAt: '2026-10-09 08:00:00',
  updatedAt: '2026-10-09 08:00:00',
  ...overrides,
})

function renderQueue(page: WarningPage, path = '/admin/supervision') {
  const router = createMemoryRouter(
    [{ path: '/admin/supervision', element: <WarningQueue page={page} /> }],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return router
}

const search = (router: ReturnType<typeof renderQueue>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search))

describe('the 监督预警 queue', () => {
  it('shows each warning with its project, indicator, state, 承办人 and time, linked to its page', () => {
    renderQueue({
      total: 2,
      items: [
        summary(),
        summary({
          id: 9,
          projectCode: 'SL-2026-021',
          projectName: '叶尔羌河灌区续建配套节水改造工程',
          code: 'tooFewBidders',
          name: '投标人过少',
          state: 'checking',
          stateName: '核查中',
          assigneeId: 4,
          assigneeName: '古丽',
        }),
      ],
    })
    expect(
      screen.getAllByRole('columnheader').map((cell) => cell.textContent),
    ).toEqual(['项目', '预警指标', '状态', '承办人', '预警时间'])
    const [first, second] = screen.getAllByRole('row').slice(1)
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '塔里木河干流防洪治理工程（阿拉尔段）施工SL-2026-018',
      '招标期过短（塔里木河干流防洪治理工程（阿拉尔段）施工）',
      '待处理',
      '未指派',
      '2026-10-09 08:00:00',
    ])
    expect(
      within(second!)
        .getByRole('link', { name: /^投标人过少/ })
        .getAttribute('href'),
    ).toBe('/admin/supervision/9')
    expect(within(second!).getByText('核查中')).toBeTruthy()
    expect(within(second!).getByText('古丽')).toBeTruthy()
    expect(screen.getByText('共 2 条')).toBeTruthy()
    // The table scrolls sideways in a region the keyboard reaches.
    expect(screen.getByRole('region', { name: '监督预警表格' }).tabIndex).toBe(
      0,
    )
  })

  it('keeps the filters in the address and starts again from the first page', async () => {
    const user = userEvent.setup()
    const router = renderQueue(
      { items: [summary()], total: 25 },
      '/admin/supervision?assignee=me&page=2',
    )
    // The default state is said, not left blank.
    expect(
      screen.getByLabelText('状态').closest('.ant-select')?.textContent,
    ).toContain('待处理和核查中')
    await user.type(screen.getByLabelText('关键字'), '塔里木')
    await user.click(screen.getByRole('button', { name: '查询' }))
    expect(search(router)).toEqual({ assignee: 'me', keyword: '塔里木' })

    await user.click(screen.getByLabelText('预警指标'))
    await user.click(await screen.findByTitle('投标人过少'))
    expect(search(router)).toEqual({
      assignee: 'me',
      keyword: '塔里木',
      code: 'tooFewBidders',
    })

    await user.click(screen.getByLabelText('承办人'))
    await user.click(await screen.findByTitle('未指派'))
    expect(search(router).assignee).toBe('none')

    await user.click(screen.getByLabelText('状态'))
    await user.click(await screen.findByTitle('全部（含已消除）'))
    expect(search(router).state).toBe('all')

    await user.click(screen.getByRole('listitem', { name: '2' }))
    expect(search(router)).toEqual({
      assignee: 'none',
      keyword: '塔里木',
      code: 'tooFewBidders',
      state: 'all',
      page: '2',
    })
  })

  it('says 暂无预警 when there is none, and offers to clear filters that empty it', async () => {
    const user = userEvent.setup()
    const router = renderQueue(
      { items: [], total: 0 },
      '/admin/supervision?code=bidBond',
    )
    expect(screen.getByText('没有符合筛选条件的预警')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '清除筛选条件' }))
    expect(router.state.location.search).toBe('')
    expect(screen.getByText('暂无预警')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '清除筛选条件' })).toBeNull()
  })

  it('shows that a new page is loading', () => {
    const router = createMemoryRouter(
      [
        {
          path: '/admin/supervision',
          element: <WarningQueue page={{ items: [], total: 0 }} isLoading />,
        },
      ],
      { initialEntries: ['/admin/supervision'] },
    )
    render(<RouterProvider router={router} />)
    expect(screen.getByText('正在加载预警…')).toBeTruthy()
  })
})
