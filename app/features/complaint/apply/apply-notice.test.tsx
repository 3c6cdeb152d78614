// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { MSG_NOTICE_READ } from '#common/messages.ts'

afterEach(() => {
  cleanup()
  sessionStorage.clear()
})

// The gate is a module's state: each case starts from a fresh one.
beforeEach(() => {
  vi.resetModules()
})

/** The filing page's notice, with a probe that says whether the form may load. */
async function renderFilingPage() {
  const { ApplyNotice } = await import('./apply-notice.tsx')
  const { useIsApplyFormOpen } = await import('./apply-form-gate.ts')
  function FormProbe() {
    return <p>{useIsApplyFormOpen() ? '表单加载' : '表单未加载'}</p>
  }
  const router = createMemoryRouter(
    [
      {
        path: '/complaint/apply',
        element: (
          <>
            <ApplyNotice />
            <FormProbe />
          </>
        ),
      },
      { path: '/complaint/index', element: <p>投诉须知页</p> },
    ],
    { initialEntries: ['/complaint/apply'] },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe("the filing page's complaint notice (spec §4)", () => {
  it('holds the form back until the notice is ticked, and shows it once confirmed', async () => {
    const user = userEvent.setup()
    await renderFilingPage()
    const dialog = screen.getByRole('dialog', { name: '投诉须知' })
    expect(screen.getByText('表单未加载')).toBeTruthy()
    await user.click(screen.getByRole('checkbox', { name: MSG_NOTICE_READ }))
    expect(screen.getByText('表单加载')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '确定' }))
    expect(dialog.isConnected).toBe(false)
    expect(sessionStorage.getItem('complaint-notice-read')).toBe('1')
  })

  it('leads back to the complaint guide on 暂不投诉', async () => {
    const user = userEvent.setup()
    const router = await renderFilingPage()
    await user.click(screen.getByRole('link', { name: '暂不投诉' }))
    expect(router.state.location.pathname).toBe('/complaint/index')
    expect(screen.getByText('投诉须知页')).toBeTruthy()
  })

  it('is not asked again in the session: the form loads at once', async () => {
    sessionStorage.setItem('complaint-notice-read', '1')
    await renderFilingPage()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(await screen.findByText('表单加载')).toBeTruthy()
  })
})
