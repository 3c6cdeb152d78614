// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import '#tests/jsdom-shims.ts'

import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import type { EndedSessions } from '#app/console/api/staff-types.ts'

import { EndOtherSessions } from './end-other-sessions.tsx'

afterEach(cleanup)

function renderButton(endOthers: () => Promise<EndedSessions>) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/account',
        element: <EndOtherSessions endOthers={endOthers} />,
      },
    ],
    { initialEntries: ['/admin/account'] },
  )
  render(<RouterProvider router={router} />)
}

// jsdom runs no CSS transitions, so the spinner of a finished call stays in the name.
const button = () =>
  screen.getByRole('button', { name: /^(loading )?退出其他设备上的登录$/ })

const confirm = () =>
  screen.findByRole('button', { name: /^(loading )?退\s?出$/ })

describe('ending one’s other sessions', () => {
  it('asks first, ends nothing when cancelled, and says how many ended once confirmed', async () => {
    const user = userEvent.setup()
    let calls = 0
    const answers = [2, 0]
    renderButton(async () => ({ endedSessions: answers[calls++]! }))

    await user.click(button())
    expect(await screen.findByText('退出其他设备上的登录？')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: /^取\s?消$/ }))
    expect(calls).toBe(0)

    await user.click(button())
    await user.click(await confirm())
    expect(await screen.findByText('已退出其他 2 个登录')).toBeTruthy()
    expect(calls).toBe(1)

    await user.click(button())
    await user.click(await confirm())
    expect(await screen.findByText('没有其他设备上的登录')).toBeTruthy()
    expect(screen.queryByText('已退出其他 2 个登录')).toBeNull()
    expect(calls).toBe(2)
  })

  it('shows the server’s refusal in Chinese', async () => {
    const user = userEvent.setup()
    renderButton(async () => {
      throw new StaffApiError(
        403,
        '缺少或错误的防跨站请求令牌（X-CSRF-Token），请刷新页面后重试',
      )
    })
    await user.click(button())
    await user.click(await confirm())
    expect((await screen.findByRole('alert')).textContent).toContain(
      '请刷新页面后重试',
    )
  })
})
