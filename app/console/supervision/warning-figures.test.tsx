// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { WarningFigures } from './warning-figures.tsx'

afterEach(cleanup)

describe('the 工作台’s warning figures', () => {
  it('links each figure to the queue it counts', () => {
    const router = createMemoryRouter(
      [
        {
          path: '/admin',
          element: (
            <WarningFigures
              figures={{
                raised: 5,
                checking: 2,
                mine: 3,
                unassigned: 1,
                byCode: [],
              }}
            />
          ),
        },
      ],
      { initialEntries: ['/admin'] },
    )
    render(<RouterProvider router={router} />)
    const hrefOf = (name: string) =>
      screen.getByRole('link', { name }).getAttribute('href')
    expect(hrefOf('待处理：5条')).toBe('/admin/supervision?state=raised')
    expect(hrefOf('核查中：2条')).toBe('/admin/supervision?state=checking')
    expect(hrefOf('我的：3条')).toBe('/admin/supervision?assignee=me')
    expect(hrefOf('未指派：1条')).toBe('/admin/supervision?assignee=none')
    expect(screen.getByRole('heading', { name: '监督预警' })).toBeTruthy()
  })
})
