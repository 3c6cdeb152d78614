// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef, useState } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import '#tests/jsdom-shims.ts'

import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import type { StaffAccount } from '#app/console/api/staff-types.ts'
import { useConsoleCall } from '#app/console/api/use-console-call.ts'

const api = vi.hoisted(() => ({
  sessionTimes: vi.fn(),
  session: vi.fn(),
  signIn: vi.fn(),
}))
vi.mock('#app/console/api/staff-api-client.ts', () => ({ staffApi: api }))

const { SessionKeeper } = await import('./session-keeper.tsx')

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.clearAllMocks()
})

const MIN = 60_000
const account: StaffAccount = {
  id: 3,
  accountName: 'wang.editor',
  displayName: '王编辑',
  roles: ['内容编辑'],
  isEnrolled: true,
  isDisabled: false,
  failedSignIns: 0,
  oidcSubject: null,
  createdAt: '2026-11-01 09:00:00',
  updatedAt: '2026-11-01 09:00:00',
}

// A save whose first try meets an ended session.
function SaveButton() {
  const { run, error } = useConsoleCall()
  const [saved, setSaved] = useState('')
  const tries = useRef(0)
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          const answer = await run(async () => {
            tries.current += 1
            if (tries.current === 1)
              throw new StaffApiError(
                401,
                '超过30分钟未操作，登录已过期，请重新登录',
                { isSessionEnded: true, hasEndedInUse: true },
              )
            return `第${tries.current}次保存成功`
          })
          if (answer) setSaved(answer)
        }}
      >
        保存
      </button>
      <p>{saved}</p>
      <p>{error?.message}</p>
    </>
  )
}

function renderKept() {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/content/7',
        element: (
          <SessionKeeper account={account}>
            <SaveButton />
          </SessionKeeper>
        ),
      },
    ],
    { initialEntries: ['/admin/content/7'] },
  )
  render(<RouterProvider router={router} />)
}

describe('the console’s session keeper', () => {
  it('warns a page left alone before the idle limit, and renews the session on 继续使用', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const now = Date.now()
    api.sessionTimes.mockReturnValue({
      lastContactAt: now - 26 * MIN,
      endsAt: now + 6 * 60 * MIN,
    })
    api.session.mockResolvedValue({})
    renderKept()
    expect(screen.queryByText('即将退出登录')).toBeNull()
    await act(async () => vi.advanceTimersByTimeAsync(15_000))
    expect(await screen.findByText('即将退出登录')).toBeTruthy()
    expect(screen.getByText(/约4分钟后将自动退出登录/)).toBeTruthy()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await user.click(screen.getByRole('button', { name: '继续使用' }))
    expect(api.session).toHaveBeenCalledTimes(1)
  })

  it('signs in again over the page when a call meets an ended session, then sends the call again', async () => {
    api.sessionTimes.mockReturnValue({
      lastContactAt: Date.now(),
      endsAt: null,
    })
    api.signIn
      .mockRejectedValueOnce(
        new StaffApiError(401, '账号、密码或动态验证码错误'),
      )
      .mockResolvedValue({})
    const user = userEvent.setup()
    renderKept()
    await user.click(screen.getByRole('button', { name: '保存' }))
    const dialog = await screen.findByRole('dialog', { name: '请重新登录' })
    expect(dialog.textContent).toContain(
      '超过30分钟未操作，登录已过期，请重新登录',
    )
    expect((screen.getByLabelText('账号名') as HTMLInputElement).value).toBe(
      'wang.editor',
    )

    await user.type(screen.getByLabelText('密码'), '塔里木河-yellow-river')
    await user.type(screen.getByLabelText('动态验证码'), '123456')
    await user.click(screen.getByRole('button', { name: '登录并继续' }))
    expect(await screen.findByText('账号、密码或动态验证码错误')).toBeTruthy()
    expect(screen.queryByText(/次保存成功/)).toBeNull()

    await user.type(screen.getByLabelText('动态验证码'), '654321')
    await user.click(screen.getByRole('button', { name: '登录并继续' }))
    expect(await screen.findByText('第2次保存成功')).toBeTruthy()
    expect(api.signIn).toHaveBeenLastCalledWith({
      accountName: 'wang.editor',
      password: '塔里木河-yellow-river',
      code: '654321',
    })
  })
})
