// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { TabPanels } from './tab-panels.tsx'

afterEach(cleanup)

const items = [
  { key: 'all', label: '全部', content: <a href="/a">全部的第一条</a> },
  { key: '1073', label: '通知公告', content: <a href="/b">通知</a> },
  { key: '1001', label: '行业动态', content: <a href="/c">动态</a> },
]

describe('tabs on the home page', () => {
  it('shows one panel, names it by its tab, and keeps the others in the page but hidden', () => {
    render(<TabPanels label="新闻类别" items={items} />)
    expect(screen.getByRole('tablist', { name: '新闻类别' })).toBeTruthy()
    const panel = screen.getByRole('tabpanel', { name: '全部' })
    expect(panel.textContent).toBe('全部的第一条')
    expect(
      screen.getByText('通知').closest<HTMLElement>('[role=tabpanel]')!.hidden,
    ).toBe(true)
    expect(
      screen.getByRole('tab', { name: '全部' }).getAttribute('aria-selected'),
    ).toBe('true')
  })

  it('moves between tabs with the arrow keys, Home and End, showing each at once; only the chosen tab is in the Tab order', () => {
    render(<TabPanels label="新闻类别" items={items} />)
    const first = screen.getByRole('tab', { name: '全部' })
    first.focus()
    fireEvent.keyDown(first, { key: 'ArrowRight' })
    const second = screen.getByRole('tab', { name: '通知公告' })
    expect(document.activeElement).toBe(second)
    expect(screen.getByRole('tabpanel', { name: '通知公告' })).toBeTruthy()
    expect(second.tabIndex).toBe(0)
    expect(first.tabIndex).toBe(-1)
    fireEvent.keyDown(second, { key: 'End' })
    expect(document.activeElement?.textContent).toBe('行业动态')
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' })
    expect(document.activeElement?.textContent).toBe('全部')
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' })
    expect(document.activeElement?.textContent).toBe('行业动态')
    fireEvent.click(screen.getByRole('tab', { name: '通知公告' }))
    expect(screen.getByRole('tabpanel').textContent).toBe('通知')
  })

  it('draws a panel only once its tab is chosen when asked to, and keeps what was typed in it', () => {
    const forms = [
      {
        key: 'number',
        label: '按投诉编号查询',
        content: <input aria-label="投诉编号" />,
      },
      {
        key: 'phone',
        label: '用手机号查询',
        content: <input aria-label="联系电话" />,
      },
    ]
    render(
      <TabPanels
        label="查询方式"
        items={forms}
        initialKey="phone"
        isRenderedWhenChosen
      />,
    )
    expect(
      screen
        .getByRole('tab', { name: '用手机号查询' })
        .getAttribute('aria-selected'),
    ).toBe('true')
    expect(screen.queryByLabelText('投诉编号')).toBeNull()
    fireEvent.change(screen.getByLabelText('联系电话'), {
      target: { value: '13899887766' },
    })
    fireEvent.click(screen.getByRole('tab', { name: '按投诉编号查询' }))
    expect(screen.getByLabelText('投诉编号')).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: '用手机号查询' }))
    expect((screen.getByLabelText('联系电话') as HTMLInputElement).value).toBe(
      '13899887766',
    )
  })
})
