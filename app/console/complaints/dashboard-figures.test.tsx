// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { DashboardFigures } from './dashboard-figures.tsx'

afterEach(cleanup)

describe('the dashboard', () => {
  it("links each of today's figures to the queue it counts, overdue in red", () => {
    const router = createMemoryRouter(
      [
        {
          path: '/admin',
          element: (
            <DashboardFigures
              figures={{
                today: '2026-11-05',
                dueToday: 1,
                overdue: 2,
                dueSoon: 0,
                awaitingSigning: 3,
                awaitingDecision: 1,
                awaitingReview: 2,
                withdrawalRequests: 0,
                mine: 4,
              }}
            />
          ),
        },
      ],
      { initialEntries: ['/admin'] },
    )
    render(<RouterProvider router={router} />)
    const overdue = screen.getByRole('link', { name: '已逾期：2件' })
    expect(overdue.getAttribute('href')).toBe(
      '/admin/complaints?deadline=overdue',
    )
    expect(overdue.querySelector('[class*="figureAlert"]')).toBeTruthy()
    expect(
      screen
        .getByRole('link', { name: '待负责人决定：1件' })
        .getAttribute('href'),
    ).toBe('/admin/complaints?flag=ready_for_decision')
    expect(
      screen
        .getByRole('link', { name: '文书待核稿：2件' })
        .getAttribute('href'),
    ).toBe('/admin/complaints?flag=draft_submitted')
    expect(
      screen
        .getByRole('link', { name: '3个工作日内到期：0件' })
        .querySelector('[class*="figureAlert"]'),
    ).toBeNull()
    expect(
      screen.getByRole('heading', { name: '今日待办（2026-11-05）' }),
    ).toBeTruthy()
  })
})
