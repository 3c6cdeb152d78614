// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import type { ProjectHomeSummary } from '#common/schemas/project.ts'
import { projectHomeSummary, projectSummary } from '#tests/business-fixtures.ts'

import { ProjectList } from './project-list.tsx'
import { parseProjectListQuery } from './project-list-query.ts'
import {
  LatestNotices,
  TradingFigures,
  TradingSchedule,
} from './trading-today.tsx'

afterEach(cleanup)

function renderAt(element: ReactNode, path = '/index/new') {
  const router = createMemoryRouter([{ path: '*', element }], {
    initialEntries: [path],
  })
  render(<RouterProvider router={router} />)
}

const item = { ...projectSummary, openingTime: '2025-04-02 10:30:00' }
const busyDay: ProjectHomeSummary = {
  ...projectHomeSummary,
  figures: { ...projectHomeSummary.figures, openingsThisWeek: 2 },
  openings: {
    today: { total: 1, items: [item] },
    week: {
      total: 2,
      items: [item, { ...item, id: 4, openingTime: '2025-04-04 15:00:00' }],
    },
  },
}

describe("the home page's trading", () => {
  it('says in Chinese when nothing opens or closes today or this week', () => {
    renderAt(<TradingSchedule summary={projectHomeSummary} />)
    for (const text of [
      '今日无开标项目',
      '今日无报名截止项目',
      '本周无开标项目',
      '本周无报名截止项目',
    ])
      expect(screen.getByText(text)).toBeTruthy()
    expect(screen.queryAllByRole('link')).toHaveLength(0)
    expect(
      screen.getByText(/今天 4月2日 周三，本周 3月31日 周一至4月6日 周日/),
    ).toBeTruthy()
  })

  it("lists today's openings by the minute and the week's by day, each leading to its project and to the full list", () => {
    renderAt(<TradingSchedule summary={busyDay} />)
    const today = screen.getByRole('region', { name: /今日开标/ })
    expect(within(today).getByText('10:30')).toBeTruthy()
    const link = within(today).getByRole('link', { name: item.name })
    expect(link.getAttribute('href')).toBe('/business/detail?id=3')
    expect(
      within(today)
        .getByRole('link', { name: /查看今日全部开标项目/ })
        .getAttribute('href'),
    ).toBe('/business/list?opening=today&sort=openingTime')
    const week = screen.getByRole('region', { name: /本周开标/ })
    expect(within(week).getByText('今天')).toBeTruthy()
    expect(within(week).getByText('4月4日 周五')).toBeTruthy()
    expect(within(week).getByText('2 项')).toBeTruthy()
    expect(
      within(week).getAllByRole('listitem')[1]!.querySelector('time')!.dateTime,
    ).toBe('2025-04-04T15:00:00+08:00')
  })

  it('shows the figures, those of the week leading to their lists', () => {
    renderAt(<TradingFigures summary={busyDay} />)
    const terms = screen.getAllByRole('term').map((dt) => dt.textContent)
    expect(terms).toEqual([
      '进行中项目',
      '本月交易公告',
      '本周开标',
      '本周报名截止',
    ])
    expect(
      screen
        .getByRole('link', { name: '本周开标2个，查看列表' })
        .getAttribute('href'),
    ).toBe('/business/list?opening=week&sort=openingTime')
  })

  it('lists the newest notices with their category, each opening its stage', () => {
    renderAt(<LatestNotices summary={projectHomeSummary} />)
    const tender = screen.getByRole('region', { name: /招标/ })
    expect(
      within(tender)
        .getByRole('link', { name: projectSummary.title })
        .getAttribute('href'),
    ).toBe('/business/detail?id=3&stage=bidNotice')
    expect(within(tender).getByText('工程建设')).toBeTruthy()
    expect(screen.getByText('暂无结果公告')).toBeTruthy()
  })

  it('leads from the newest notices to 监督统计 beside the trading information', () => {
    renderAt(<LatestNotices summary={projectHomeSummary} />)
    const panel = screen.getByRole('region', { name: '最新交易公告' })
    expect(
      within(panel)
        .getByRole('link', { name: '监督统计 »' })
        .getAttribute('href'),
    ).toBe('/business/supervision')
    expect(
      within(panel)
        .getByRole('link', { name: '更多交易信息 »' })
        .getAttribute('href'),
    ).toBe('/business/index')
  })
})

describe('the project list table', () => {
  const table = (search: string) => {
    const query = parseProjectListQuery(new URLSearchParams(search))
    renderAt(
      <ProjectList items={[projectSummary]} query={query} />,
      `/business/list?${search}`,
    )
    return screen.getByRole('table')
  }

  it('marks the sorted column with aria-sort and links each header to its sort', () => {
    table('sort=openingTime')
    const headers = screen.getAllByRole('columnheader')
    expect(headers.map((h) => h.getAttribute('aria-sort'))).toEqual([
      null,
      null,
      null,
      'ascending',
      null,
    ])
    const sortLink = (name: RegExp) =>
      screen.getByRole('link', { name }).getAttribute('href')
    expect(sortLink(/^开标时间/)).toBe(
      '/business/list?sort=openingTime&order=desc',
    )
    expect(sortLink(/^报名截止/)).toBe(
      '/business/list?sort=registrationDeadline',
    )
    expect(sortLink(/^发布时间/)).toBe('/business/list')
    expect(
      screen.getByRole('link', { name: /^开标时间/ }).textContent,
    ).toContain('点击按开标时间由晚到早排列')
  })

  it('names each value by its column, and says 无 where a trade has no such date', () => {
    table('')
    expect(
      screen
        .getAllByRole('columnheader')
        .find((h) => h.textContent?.startsWith('发布时间'))!
        .getAttribute('aria-sort'),
    ).toBe('descending')
    const cells = screen.getAllByRole('cell')
    expect(cells.map((cell) => cell.dataset.label ?? '')).toEqual([
      '',
      '当前环节',
      '报名截止',
      '开标时间',
      '发布时间',
    ])
    expect(cells[2]!.textContent).toBe('2025-04-10 17:30')
    renderAt(
      <ProjectList
        items={[{ ...projectSummary, registrationDeadline: null }]}
        query={parseProjectListQuery(new URLSearchParams())}
      />,
    )
    const noDeadline = screen.getAllByRole('table')[1]!
    expect(within(noDeadline).getAllByRole('cell')[2]!.textContent).toBe('—无')
  })
})
