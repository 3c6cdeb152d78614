// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import '#tests/jsdom-shims.ts'

import type { ApiToken } from '#app/console/api/staff-types.ts'

import { ApiTokens } from './api-tokens.tsx'

afterEach(cleanup)

const token = (values: Partial<ApiToken>): ApiToken => ({
  id: 1,
  accountName: 'qin.tokens',
  name: '投诉数据对接',
  roles: ['投诉处理'],
  createdAt: '2026-09-01 09:00:00',
  revokedAt: null,
  expiresAt: '2026-11-30 09:00:00',
  lastUsedAt: '2026-11-02 10:15:00',
  isExpired: false,
  ...values,
})

function renderTokens(tokens: ApiToken[]) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/account',
        element: <ApiTokens tokens={tokens} roles={['投诉处理']} />,
      },
    ],
    { initialEntries: ['/admin/account'] },
  )
  render(<RouterProvider router={router} />)
}

const cellsOf = (name: string) =>
  within(screen.getByRole('row', { name: new RegExp(name) }))
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

describe('the personal API token list', () => {
  it('shows each token’s expiry and last use, marks an expired one and offers no revoking it', () => {
    renderTokens([
      token({ id: 1 }),
      token({
        id: 2,
        name: '旧的统计导出',
        expiresAt: '2026-10-01 09:00:00',
        lastUsedAt: null,
        isExpired: true,
      }),
    ])
    expect(
      screen.getAllByRole('columnheader').map((cell) => cell.textContent),
    ).toEqual([
      '名称',
      '角色',
      '创建时间',
      '到期时间',
      '最近使用',
      '状态',
      '操作',
    ])
    expect(cellsOf('投诉数据对接')).toEqual([
      '投诉数据对接',
      '投诉处理',
      '2026-09-01 09:00:00',
      '2026-11-30 09:00:00',
      '2026-11-02 10:15:00',
      '有效',
      expect.stringMatching(/^撤\s?销$/),
    ])
    expect(cellsOf('旧的统计导出')).toEqual([
      '旧的统计导出',
      '投诉处理',
      '2026-09-01 09:00:00',
      '2026-10-01 09:00:00',
      '从未使用',
      '已过期',
      '',
    ])
  })

  it('offers 30 to 365 days for a new token, 90 unless chosen', async () => {
    const user = userEvent.setup()
    renderTokens([])
    const lifetime = screen.getByRole('combobox', { name: '有效期' })
    expect(screen.getByTitle('90天')).toBeTruthy()
    await user.click(lifetime)
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(screen.getByTitle('365天')).toBeTruthy()
  })
})
