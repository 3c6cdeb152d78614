// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import '#tests/jsdom-shims.ts'

import type {
  ComplaintFigureRow,
  StaffComplaintFigures,
} from '#common/schemas/complaint/complaint-figures.ts'

import { ComplaintFiguresPage } from './complaint-figures-page.tsx'

afterEach(cleanup)

const none = { count: 0, mean: null, longest: null }
const row = (
  key: string,
  label: string,
  changes: Partial<ComplaintFigureRow> = {},
): ComplaintFigureRow => ({
  key,
  label,
  received: 0,
  accepted: 0,
  refused: 0,
  withdrawn: 0,
  transferred: 0,
  decided: 0,
  open: 0,
  acceptanceOnTime: 0,
  decisionOnTime: 0,
  decisionOnTimeShare: null,
  acceptanceDays: none,
  decisionDays: none,
  ...changes,
})
const november = {
  received: 3,
  accepted: 2,
  refused: 1,
  decided: 2,
  open: 0,
  acceptanceOnTime: 3,
  decisionOnTime: 1,
  decisionOnTimeShare: 0.5,
  acceptanceDays: { count: 3, mean: 1.7, longest: 3 },
  decisionDays: { count: 2, mean: 21.5, longest: 33 },
}
const FIGURES: StaffComplaintFigures = {
  year: 2026,
  thisYear: 2026,
  period: 'month',
  total: row('total', '合计', november),
  byPeriod: Array.from({ length: 12 }, (_, i) =>
    row(`2026-${i + 1}`, `2026年${i + 1}月`, i === 10 ? november : {}),
  ),
  byType: [row('evaluation_result', '评标结果', november)],
  byAssignee: [row('7', '刘办理', november)],
}

function renderPage() {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/complaint-figures',
        element: <ComplaintFiguresPage figures={FIGURES} isLoading={false} />,
      },
    ],
    { initialEntries: ['/admin/complaint-figures'] },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('投诉统计', () => {
  it('shows each month, type and 承办人 with the share decided in time and the working days taken', () => {
    renderPage()
    const months = screen.getByRole('region', { name: '2026年按月份统计' })
    const rowOf = (name: string) =>
      within(months)
        .getAllByRole('row')
        .find((r) => r.textContent?.startsWith(name))!
    expect(rowOf('2026年11月').textContent).toContain('50.0%（1/2）')
    expect(rowOf('2026年11月').textContent).toContain('1.7 / 3')
    expect(rowOf('2026年11月').textContent).toContain('21.5 / 33')
    // A month with nothing decided has no share to show.
    expect(rowOf('2026年1月').textContent).toContain('— / —')
    expect(rowOf('合计')).toBeTruthy()
    expect(
      within(
        screen.getByRole('region', { name: '2026年按承办人统计' }),
      ).getByText('刘办理'),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: '导出Excel' })).toBeTruthy()
  })

  it('keeps the period in the address', async () => {
    const router = renderPage()
    await userEvent.click(screen.getByText('按季度'))
    expect(router.state.location.search).toBe('?period=quarter')
  })
})
