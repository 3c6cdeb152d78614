// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { App } from 'antd'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { pretendPhoneScreen } from '#tests/jsdom-shims.ts'

import type { StaffComplaintPage } from '#common/schemas/complaint/complaint-queue.ts'
import type { ComplaintAssign } from '#common/schemas/complaint/complaint-staff.ts'
import { queueItem } from '#tests/workbench-fixtures.ts'

import { ComplaintQueue } from './complaint-queue.tsx'

afterEach(cleanup)

function renderQueue(
  page: StaffComplaintPage,
  path = '/admin/complaints',
  props: Partial<Parameters<typeof ComplaintQueue>[0]> = {},
) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/complaints',
        element: (
          <App>
            <ComplaintQueue page={page} {...props} />
          </App>
        ),
      },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return router
}

const search = (router: ReturnType<typeof renderQueue>) =>
  new URLSearchParams(router.state.location.search)

describe('the complaint queue', () => {
  it('shows each complaint with its clock, overdue in red, a paused one and a 暂定 date explained', async () => {
    const page = {
      total: 3,
      items: [
        queueItem({
          complaintNo: '202610300001',
          clock: {
            kind: 'decision',
            dueDate: '2026-11-03',
            workdaysLeft: -2,
            isPaused: false,
            pausedWorkdays: 0,
            isProvisional: false,
          },
        }),
        queueItem({
          complaintNo: '202611020002',
          state: 'accepted',
          stateLabel: '待处理',
          isClockPaused: true,
          clock: {
            kind: 'decision',
            dueDate: null,
            workdaysLeft: null,
            isPaused: true,
            pausedWorkdays: 5,
            isProvisional: false,
          },
        }),
        queueItem({
          complaintNo: '202612300001',
          clock: {
            kind: 'acceptance',
            dueDate: '2027-01-04',
            workdaysLeft: 3,
            isPaused: false,
            pausedWorkdays: 0,
            isProvisional: true,
          },
        }),
      ],
    }
    renderQueue(page)
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    const overdue = within(rows[0]!)
    expect(
      overdue.getByRole('link', { name: '202610300001' }).getAttribute('href'),
    ).toBe('/admin/complaints/202610300001')
    const late = overdue.getByText('已逾期2个工作日')
    // The danger tone: red text on a light red ground (StatusTag).
    expect(late.closest('.ant-tag')?.getAttribute('style')).toContain(
      'color: rgb(168, 7, 26)',
    )
    expect(within(rows[1]!).getByText('中止计时中')).toBeTruthy()
    expect(
      within(rows[1]!).getByText('已中止5个工作日，不计入期限'),
    ).toBeTruthy()
    // Said once, in the clock's cell.
    expect(
      within(rows[1]!).queryByText('检验检测鉴定或专家评审期间（不计入期限）'),
    ).toBeNull()
    expect(within(rows[2]!).getByText('剩余3个工作日受理')).toBeTruthy()
    const provisional = within(rows[2]!).getByRole('button', { name: /^暂定/ })
    expect(provisional.getAttribute('aria-label')).toContain(
      '2027年法定节假日安排尚未收录',
    )
    await userEvent.hover(provisional)
    expect((await screen.findByRole('tooltip')).textContent).toContain(
      '期限按工作日暂计',
    )
  })

  it('keeps the filters in the URL and starts again from the first page', async () => {
    const router = renderQueue(
      { items: [queueItem()], total: 25 },
      '/admin/complaints?deadline=overdue&page=2',
    )
    const keyword = screen.getByLabelText('关键字')
    await userEvent.type(keyword, '塔里木')
    await userEvent.click(screen.getByRole('button', { name: '查询' }))
    expect(Object.fromEntries(search(router))).toEqual({
      deadline: 'overdue',
      keyword: '塔里木',
    })
    await userEvent.click(screen.getByRole('listitem', { name: '2' }))
    expect(search(router).get('page')).toBe('2')
    expect(search(router).get('keyword')).toBe('塔里木')
  })

  it('names each 承办人, filters by one, and lets a head assign the selected complaints with a reason', async () => {
    const page = {
      total: 2,
      items: [
        queueItem({ complaintNo: '202611020001' }),
        queueItem({ complaintNo: '202611020002', assignee: null }),
      ],
    }
    const sent: ComplaintAssign[] = []
    const assign = vi.fn(async (body: ComplaintAssign) => {
      sent.push(body)
    })
    const u = userEvent.setup()
    const router = renderQueue(page, '/admin/complaints', {
      assignees: [
        { id: 7, name: '刘办理' },
        { id: 9, name: '马文' },
      ],
      assign,
    })
    const rows = screen.getAllByRole('row').slice(1)
    expect(within(rows[0]!).getByText('刘办理')).toBeTruthy()
    expect(within(rows[1]!).getByText('未分派')).toBeTruthy()

    const bulk = screen.getByRole('button', { name: '分派承办人' })
    expect(bulk.hasAttribute('disabled')).toBe(true)
    await u.click(screen.getByLabelText('选择投诉 202611020002'))
    await u.click(screen.getByRole('button', { name: '分派承办人（1）' }))
    const dialog = await screen.findByRole('dialog', { name: '分派承办人' })
    await u.click(within(dialog).getByRole('button', { name: '提交分派' }))
    expect(await within(dialog).findByText('请选择承办人')).toBeTruthy()
    await u.click(within(dialog).getByLabelText('承办人'))
    await u.click(await screen.findByTitle('马文'))
    await u.type(within(dialog).getByLabelText('分派理由'), '按片区分工。')
    await u.click(within(dialog).getByRole('button', { name: '提交分派' }))
    await vi.waitFor(() =>
      expect(sent).toEqual([
        {
          complaintNos: ['202611020002'],
          assigneeId: 9,
          reason: '按片区分工。',
        },
      ]),
    )

    await u.click(screen.getByLabelText('承办人'))
    await u.click(await screen.findByTitle('我的投诉'))
    expect(search(router).get('assignee')).toBe('me')
  })

  it('says when no complaint matches the filters and clears them', async () => {
    const router = renderQueue(
      { items: [], total: 0 },
      '/admin/complaints?flag=clock_paused',
    )
    expect(screen.getByText('没有符合筛选条件的投诉')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: '清除筛选条件' }))
    expect(router.state.location.search).toBe('')
    expect(screen.getByText('暂无需要办理的投诉')).toBeTruthy()
  })

  it('shows that a new page is loading', () => {
    const router = createMemoryRouter(
      [
        {
          path: '/admin/complaints',
          element: <ComplaintQueue page={{ items: [], total: 0 }} isLoading />,
        },
      ],
      { initialEntries: ['/admin/complaints'] },
    )
    render(<RouterProvider router={router} />)
    expect(screen.getByText('正在加载投诉…')).toBeTruthy()
  })

  it('shows each complaint on a phone as one block: number, state and clock first', async () => {
    const restore = pretendPhoneScreen()
    try {
      renderQueue({
        items: [queueItem({ complaintNo: '202611020001' })],
        total: 1,
      })
      await screen.findByRole('columnheader', { name: '投诉' })
      expect(
        screen.getAllByRole('columnheader').map((cell) => cell.textContent),
      ).toEqual(['投诉'])
      const [row] = screen.getAllByRole('row').slice(1)
      const cells = within(row!).getAllByRole('cell')
      expect(cells).toHaveLength(1)
      expect(cells[0]!.textContent).toMatch(
        /^202611020001待受理受理期限：剩余3个工作日受理受理期限届满：2026-11-05塔里木河/,
      )
    } finally {
      restore()
    }
  })
})
