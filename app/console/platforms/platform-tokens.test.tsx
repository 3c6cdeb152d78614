// @vitest-environment jsdom
import {
  cleanup,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import '#tests/jsdom-shims.ts'

import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import type { PlatformToken, PlatformTokenCalls } from './platform-token-api.ts'
import { PlatformTokens } from './platform-tokens.tsx'

afterEach(cleanup)

const tokenOf = (values: Partial<PlatformToken>): PlatformToken => ({
  id: 3,
  accountName: 'xj.ggzy',
  displayName: '自治区公共资源交易平台',
  name: '自治区平台推送',
  expiresAt: '2027-10-01 09:00:00',
  isRevoked: false,
  isTrusted: false,
  isExpired: false,
  ...values,
})

const TOKENS = [
  tokenOf({}),
  tokenOf({
    id: 2,
    accountName: 'ks.ggzy',
    displayName: '喀什地区交易平台',
    name: '喀什推送',
    isTrusted: true,
  }),
  tokenOf({
    id: 1,
    accountName: 'old.platform',
    displayName: null,
    name: '旧平台推送',
    expiresAt: '2026-10-01 09:00:00',
    isExpired: true,
  }),
  tokenOf({ id: 0, name: '已停用的推送', isRevoked: true, isTrusted: true }),
]

type Sent = { id: number; isTrusted: boolean }

// The staff API's POST …/trust as the page meets it: each call recorded, answered with the
// token as the server then holds it, or refused as the server refuses.
function renderPage({
  tokens = TOKENS,
  refusal,
}: { tokens?: PlatformToken[]; refusal?: StaffApiError } = {}) {
  const sent: Sent[] = []
  const calls: PlatformTokenCalls = {
    setTrust: async (id, isTrusted) => {
      sent.push({ id, isTrusted })
      if (refusal) throw refusal
      const token = tokens.find((t) => t.id === id)!
      return {
        id,
        accountName: token.accountName,
        name: token.name,
        expiresAt: token.expiresAt,
        isRevoked: token.isRevoked,
        isTrusted,
      }
    },
  }
  const router = createMemoryRouter(
    [
      {
        path: '/admin/platform-tokens',
        element: <PlatformTokens tokens={tokens} calls={calls} />,
      },
      { path: '/admin/accounts', element: <p>账号列表</p> },
    ],
    { initialEntries: ['/admin/platform-tokens'] },
  )
  render(<RouterProvider router={router} />)
  return { sent, router }
}

// The switch's cell is left out: antd draws both of its labels (是 and 否), one hidden.
const cellsOf = (name: string) =>
  within(screen.getByRole('row', { name: new RegExp(name) }))
    .getAllByRole('cell')
    .slice(0, 4)
    .map((cell) => cell.textContent)

const trustOf = (name: string) =>
  screen.getByRole('switch', { name: `令牌“${name}”免审发布` })

// jsdom runs no CSS transition: the end of the dialog's opening or closing motion, after which
// antd moves the focus into it or back to where it was, is reported as a browser would.
async function endMotion(dialog: HTMLElement) {
  const modal = dialog.closest<HTMLElement>('.ant-modal') ?? dialog
  await waitFor(() =>
    expect(modal.className).toMatch(/-(appear|enter|leave)-active\b/),
  )
  fireEvent.transitionEnd(modal)
}

describe('the 交易平台令牌 page', () => {
  it('lists each token with its account, state with the date, and whether it is published without review', () => {
    renderPage()
    expect(
      screen.getByRole('heading', { level: 1, name: '交易平台令牌' }),
    ).toBeTruthy()
    expect(
      screen.getAllByRole('columnheader').map((cell) => cell.textContent),
    ).toEqual(['账号', '账号名', '令牌名称', '状态', '免审发布'])
    expect(cellsOf('自治区平台推送')).toEqual([
      '自治区公共资源交易平台',
      'xj.ggzy',
      '自治区平台推送',
      '有效（至 2027-10-01）',
    ])
    expect(cellsOf('喀什推送')).toEqual([
      '喀什地区交易平台',
      'ks.ggzy',
      '喀什推送',
      '有效（至 2027-10-01）',
    ])
    expect(cellsOf('旧平台推送')).toEqual([
      '—',
      'old.platform',
      '旧平台推送',
      '已过期（2026-10-01）',
    ])
    expect(cellsOf('已停用的推送')[3]).toBe('已撤销')

    expect(trustOf('自治区平台推送').getAttribute('aria-checked')).toBe('false')
    expect(trustOf('喀什推送').getAttribute('aria-checked')).toBe('true')
    // A revoked token is refused by the server: nothing to switch.
    expect((trustOf('已停用的推送') as HTMLButtonElement).disabled).toBe(true)
    expect(
      screen.getByRole('region', { name: '交易平台令牌表格' }).tabIndex,
    ).toBe(0)
  })

  it('asks before marking a token trusted, says what it means, and sends its id with true', async () => {
    const user = userEvent.setup()
    const { sent } = renderPage()
    await user.click(trustOf('自治区平台推送'))

    const dialog = await screen.findByRole('dialog', { name: '设为免审发布？' })
    expect(dialog.textContent).toContain(
      '令牌“自治区平台推送”，账号自治区公共资源交易平台（xj.ggzy）',
    )
    expect(dialog.textContent).toContain(
      '推送的数据将立即在门户公开发布，不再经另一人（内容审核）审核',
    )
    expect(dialog.textContent).toContain('这是本部门的决定，将记入审计日志')
    // Nothing is sent, nor shown switched, before the answer.
    expect(sent).toEqual([])
    expect(trustOf('自治区平台推送').getAttribute('aria-checked')).toBe('false')

    await user.click(
      within(dialog).getByRole('button', { name: '设为免审发布' }),
    )
    expect(
      await screen.findByText('令牌“自治区平台推送”已设为免审发布'),
    ).toBeTruthy()
    expect(sent).toEqual([{ id: 3, isTrusted: true }])
    expect(trustOf('自治区平台推送').getAttribute('aria-checked')).toBe('true')
    expect(screen.getByRole('status').textContent).toBe(
      '令牌“自治区平台推送”已设为免审发布',
    )
  })

  it('asks before returning a token to review, says a 内容审核 then approves each push, and sends false', async () => {
    const user = userEvent.setup()
    const { sent } = renderPage()
    await user.click(trustOf('喀什推送'))

    const dialog = await screen.findByRole('dialog', { name: '改回先审后发？' })
    expect(dialog.textContent).toContain(
      '推送的每一份数据，都须经内容审核批准后才公开发布',
    )
    await user.click(
      within(dialog).getByRole('button', { name: '改回先审后发' }),
    )
    expect(await screen.findByText('令牌“喀什推送”已改回先审后发')).toBeTruthy()
    expect(sent).toEqual([{ id: 2, isTrusted: false }])
    expect(trustOf('喀什推送').getAttribute('aria-checked')).toBe('false')
  })

  it('is used by keyboard: the switch opens the question, Escape closes it and leaves everything as it was', async () => {
    const user = userEvent.setup()
    const { sent } = renderPage()
    const trust = trustOf('旧平台推送')
    trust.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: '设为免审发布？' })
    await endMotion(dialog)
    await waitFor(() =>
      expect(dialog.contains(document.activeElement)).toBe(true),
    )
    await user.keyboard('{Escape}')
    await endMotion(dialog)
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: '设为免审发布？' }),
      ).toBeNull(),
    )
    expect(document.activeElement).toBe(trust)
    expect(sent).toEqual([])
    expect(trust.getAttribute('aria-checked')).toBe('false')
  })

  it('shows the server’s refusal in the dialog and leaves the row as it was', async () => {
    const user = userEvent.setup()
    const { sent } = renderPage({
      refusal: new StaffApiError(409, '该令牌已撤销'),
    })
    await user.click(trustOf('自治区平台推送'))
    const dialog = await screen.findByRole('dialog', { name: '设为免审发布？' })
    await user.click(
      within(dialog).getByRole('button', { name: '设为免审发布' }),
    )
    expect(await within(dialog).findByText('该令牌已撤销')).toBeTruthy()
    expect(sent).toEqual([{ id: 3, isTrusted: true }])
    expect(trustOf('自治区平台推送').getAttribute('aria-checked')).toBe('false')
    expect(screen.getByRole('status').textContent).toBe('')

    // Asked again, the dialog starts without the old refusal.
    await user.click(within(dialog).getByRole('button', { name: /^取\s?消$/ }))
    await user.click(trustOf('自治区平台推送'))
    const again = await screen.findByRole('dialog', { name: '设为免审发布？' })
    expect(within(again).queryByText('该令牌已撤销')).toBeNull()
  })

  it('says how a platform gets a token when there is none', async () => {
    const user = userEvent.setup()
    const { router } = renderPage({ tokens: [] })
    expect(screen.getByText('暂无交易平台令牌')).toBeTruthy()
    expect(
      screen.getByText(/在“我的账号”中创建角色为“交易平台推送”的个人API令牌/),
    ).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    await user.click(screen.getByRole('link', { name: '前往账号管理' }))
    expect(router.state.location.pathname).toBe('/admin/accounts')
  })
})
