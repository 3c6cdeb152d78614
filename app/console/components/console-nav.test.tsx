// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { ConsoleNav } from './console-nav.tsx'

afterEach(cleanup)

const currentAt = (path: string) => {
  cleanup()
  const router = createMemoryRouter(
    [{ path: '*', element: <ConsoleNav roles={['监督检查']} /> }],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent)
}

describe('the console’s side menu', () => {
  it('marks the one entry of the page shown', () => {
    expect(currentAt('/admin')).toEqual(['工作台'])
    expect(currentAt('/admin/supervision')).toEqual(['监督预警'])
    expect(currentAt('/admin/supervision/12')).toEqual(['监督预警'])
    expect(currentAt('/admin/supervision/thresholds')).toEqual(['预警阈值'])
  })
})
