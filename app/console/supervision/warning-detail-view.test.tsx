// @vitest-environment jsdom
import {
  cleanup,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import '#tests/jsdom-shims.ts'

import { INDICATORS } from '#common/constants/supervision.ts'
import type { WarningDetail } from '#common/schemas/supervision.ts'

import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import type { WarningCalls } from './supervision-api.ts'
import { WarningActions } from './warning-actions.tsx'
import { WarningDetailView } from './warning-detail-view.tsx'

afterEach(cleanup)

const STALE =
  '该预警已被他人处理或因项目信息变化重新预警，请刷新后查看最新情况再操作'

const warning = (overrides: Partial<WarningDetail> = {}): WarningDetail => ({
  id: 7,
  projectId: 3,
  projectCode: 'SL-2026-018',
  projectName: '塔里木河干流防洪治理工程（阿拉尔段）施工',
  code: 'tenderPeriod',
  name: INDICATORS.tenderPeriod.name,
  state: 'raised',
  stateName: '待处理',
  assigneeId: null,
  assigneeName: null,
  explanation:
    '招标文件自2026-10-08开始发出，投标截止时间为2026-10-20，招标期12日，不足20日。',
  raisedAt: '2026-10-09 08:00:00',
  updatedAt: '2026-10-09 08:00:00',
  rule: INDICATORS.tenderPeriod.rule,
  basis: INDICATORS.tenderPeriod.basis,
  inputs: [
    { label: '招标文件开始发出', value: '2026-10-08' },
    { label: '投标截止时间', value: '2026-10-20 10:00' },
    { label: '招标期（日）', value: 12 },
  ],
  dispositionNote: null,
  linkageItemId: null,
  projectPath: '/business/detail?id=3',
  steps: [
    {
      at: '2026-10-09 08:00:00',
      actorName: '预警引擎',
      action: '预警',
      note: '',
    },
  ],
  ...overrides,
})

type Sent = { call: 'assign' | 'dispose'; body: unknown }

// The staff API as the page's calls meet it: each body recorded, answered with the warning as
// the server returns it, or refused as the server refuses.
function renderWarning(
  shown: WarningDetail,
  answer: { refusal?: StaffApiError; after?: Partial<WarningDetail> } = {},
) {
  const sent: Sent[] = []
  let reloads = 0
  const respond = async (call: Sent['call'], body: unknown) => {
    sent.push({ call, body })
    if (answer.refusal) throw answer.refusal
    return warning({ ...shown, ...answer.after })
  }
  const calls: WarningCalls = {
    assign: (body) => respond('assign', body),
    dispose: (body) => respond('dispose', body),
    reload: async () => {
      reloads += 1
    },
  }
  const router = createMemoryRouter(
    [
      {
        path: '/admin/supervision/:id',
        element: (
          <WarningDetailView
            warning={shown}
            actions={
              <WarningActions
                warning={shown}
                handlers={[
                  { id: 4, name: '古丽' },
                  { id: 5, name: '王监督' },
                ]}
                calls={calls}
              />
            }
          />
        ),
      },
      { path: '/admin/content/:id', element: <p>内容编辑页</p> },
    ],
    { initialEntries: ['/admin/supervision/7'] },
  )
  render(<RouterProvider router={router} />)
  return { sent, reloads: () => reloads, router }
}

describe('a warning’s page', () => {
  it('shows the project, the indicator with its rule and basis, the data and the trail', () => {
    renderWarning(warning())
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      '招标期过短',
    )
    const project = screen.getByRole('link', {
      name: /^塔里木河干流防洪治理工程（阿拉尔段）施工/,
    })
    expect(project.getAttribute('href')).toBe('/business/detail?id=3')
    expect(project.getAttribute('target')).toBe('_blank')
    expect(project.textContent).toContain('在新标签页打开')
    const indicator = screen.getByRole('region', { name: '预警指标' })
    expect(indicator.textContent).toContain(INDICATORS.tenderPeriod.rule)
    expect(indicator.textContent).toContain('《招标投标法》第二十四条')
    const data = within(
      screen.getByRole('region', { name: '预警所依据的数据' }),
    )
    expect(data.getAllByRole('term').map((term) => term.textContent)).toEqual([
      '招标文件开始发出',
      '投标截止时间',
      '招标期（日）',
    ])
    expect(
      data.getAllByRole('definition').map((value) => value.textContent),
    ).toEqual(['2026-10-08', '2026-10-20 10:00', '12'])
    expect(screen.getByText('承办人：未指派')).toBeTruthy()
    expect(
      screen.getByRole('region', { name: '处理经过' }).textContent,
    ).toContain('预警 2026-10-09 08:00:00 · 预警引擎')
  })

  it('refuses 排除 without a reason in Chinese and sends nothing', async () => {
    const user = userEvent.setup()
    const { sent } = renderWarning(warning())
    await user.click(screen.getByRole('button', { name: '排除' }))
    const dialog = await screen.findByRole('dialog', { name: '排除预警' })
    await user.click(within(dialog).getByRole('button', { name: '确认排除' }))
    expect(await within(dialog).findByText('请填写排除理由')).toBeTruthy()
    // Spaces are no reason either.
    await user.type(within(dialog).getByLabelText('排除理由'), '   ')
    await user.click(within(dialog).getByRole('button', { name: '确认排除' }))
    expect(await within(dialog).findByText('请填写排除理由')).toBeTruthy()
    expect(sent).toEqual([])

    await user.type(
      within(dialog).getByLabelText('排除理由'),
      '经核实招标期按法定节假日顺延后已满20日。',
    )
    await user.click(within(dialog).getByRole('button', { name: '确认排除' }))
    await waitFor(() =>
      expect(sent).toEqual([
        {
          call: 'dispose',
          body: {
            state: 'dismissed',
            note: '经核实招标期按法定节假日顺延后已满20日。',
            base: { updatedAt: '2026-10-09 08:00:00' },
          },
        },
      ]),
    )
  })

  it('asks for 核实情况, then links to the 联动监管 draft it opened', async () => {
    const user = userEvent.setup()
    const { sent, router } = renderWarning(warning(), {
      after: { state: 'verified', stateName: '已核实', linkageItemId: 42 },
    })
    await user.click(screen.getByRole('button', { name: '已核实' }))
    const dialog = await screen.findByRole('dialog', { name: '核实预警' })
    await user.click(within(dialog).getByRole('button', { name: '确认已核实' }))
    expect(await within(dialog).findByText('请填写核实情况')).toBeTruthy()
    expect(sent).toEqual([])

    await user.type(
      within(dialog).getByLabelText('核实情况'),
      '招标人确认提前截标。',
    )
    await user.click(within(dialog).getByRole('button', { name: '确认已核实' }))
    const done = await screen.findByRole('dialog', { name: '已核实' })
    expect(sent).toEqual([
      {
        call: 'dispose',
        body: {
          state: 'verified',
          note: '招标人确认提前截标。',
          base: { updatedAt: '2026-10-09 08:00:00' },
        },
      },
    ])
    expect(done.textContent).toContain('草稿内容编号 42')
    const draft = within(done).getByRole('link', {
      name: '编辑联动监管记录草稿',
    })
    expect(draft.getAttribute('href')).toBe('/admin/content/42')
    await user.click(draft)
    expect(router.state.location.pathname).toBe('/admin/content/42')
  })

  it('shows a 409 refusal, keeps what was typed, and offers to read the warning again', async () => {
    const user = userEvent.setup()
    const { sent, reloads } = renderWarning(
      warning({
        state: 'checking',
        stateName: '核查中',
        assigneeId: 4,
        assigneeName: '古丽',
        updatedAt: '2026-10-10 09:30:00',
      }),
      { refusal: new StaffApiError(409, STALE) },
    )
    // Already 核查中: not offered again.
    expect(screen.queryByRole('button', { name: '核查中' })).toBeNull()
    await user.click(screen.getByRole('button', { name: '排除' }))
    const dialog = await screen.findByRole('dialog', { name: '排除预警' })
    await user.type(within(dialog).getByLabelText('排除理由'), '资料齐全。')
    await user.click(within(dialog).getByRole('button', { name: '确认排除' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('未能排除预警')
    expect(alert.textContent).toContain(STALE)
    expect(sent).toEqual([
      {
        call: 'dispose',
        body: {
          state: 'dismissed',
          note: '资料齐全。',
          base: { updatedAt: '2026-10-10 09:30:00' },
        },
      },
    ])
    expect(
      (within(dialog).getByLabelText('排除理由') as HTMLTextAreaElement).value,
    ).toBe('资料齐全。')

    await user.click(
      within(alert).getByRole('button', { name: '刷新，查看最新情况' }),
    )
    await waitFor(() => expect(reloads()).toBe(1))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '排除预警' })).toBeNull(),
    )
    // Opened again on the page as read, the reason is still there.
    await user.click(screen.getByRole('button', { name: '排除' }))
    expect(
      ((await screen.findByLabelText('排除理由')) as HTMLTextAreaElement).value,
    ).toBe('资料齐全。')
  })

  it('assigns a handler with the version shown', async () => {
    const user = userEvent.setup()
    const { sent } = renderWarning(warning())
    await user.click(screen.getByRole('button', { name: '指派' }))
    const dialog = await screen.findByRole('dialog', { name: '指派承办人' })
    await user.click(within(dialog).getByRole('button', { name: '提交指派' }))
    expect(await within(dialog).findByText('请选择承办人')).toBeTruthy()
    await user.click(within(dialog).getByLabelText('承办人'))
    await user.click(await screen.findByTitle('王监督'))
    await user.click(within(dialog).getByRole('button', { name: '提交指派' }))
    await waitFor(() =>
      expect(sent).toEqual([
        {
          call: 'assign',
          body: { assigneeId: 5, base: { updatedAt: '2026-10-09 08:00:00' } },
        },
      ]),
    )
  })

  it('offers nothing on a cleared warning and says why', () => {
    renderWarning(
      warning({
        state: 'cleared',
        stateName: '已消除',
        steps: [
          ...warning().steps,
          {
            at: '2026-10-12 10:00:00',
            actorName: '预警引擎',
            action: '不再触发，预警消除',
            note: '',
          },
        ],
      }),
    )
    expect(screen.getByText('已消除')).toBeTruthy()
    expect(screen.queryAllByRole('button')).toEqual([])
    expect(
      screen.getByText(
        /该预警已消除：项目信息变化后，预警条件已不再满足，无需处理/,
      ),
    ).toBeTruthy()
  })
})
