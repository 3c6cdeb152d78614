// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, Link, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import '#tests/jsdom-shims.ts'

import {
  INDICATOR_CODES,
  INDICATORS,
  type IndicatorCode,
  thresholdSpecs,
} from '#common/constants/supervision.ts'
import type { ThresholdEntry } from '#common/schemas/supervision.ts'

import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import type { ThresholdCalls } from './threshold-api.ts'
import { ThresholdSettings } from './threshold-settings.tsx'

afterEach(cleanup)

// The list as the server answers it: every indicator at its defaults, unless changed.
const entryOf = (
  code: IndicatorCode,
  changed: Record<string, number> = {},
): ThresholdEntry => ({
  code,
  name: INDICATORS[code].name,
  rule: INDICATORS[code].rule,
  basis: INDICATORS[code].basis,
  thresholds: thresholdSpecs(code).map(([key, spec]) => ({
    key,
    label: spec.label,
    unit: spec.unit,
    value: changed[key] ?? spec.value,
    defaultValue: spec.value,
    min: spec.min,
    max: spec.max,
  })),
  updatedAt: Object.keys(changed).length > 0 ? '2026-10-08 16:20:00' : null,
  updatedBy: Object.keys(changed).length > 0 ? '李管理' : null,
})
const listOf = (
  changed: Partial<Record<IndicatorCode, Record<string, number>>> = {},
) => INDICATOR_CODES.map((code) => entryOf(code, changed[code]))

type Sent = { code: IndicatorCode; body: unknown }

// The staff API's PUT as the page meets it: each body recorded, answered with the whole list
// as saved (by 王管理), or refused as the server refuses.
function renderSettings({
  items = listOf(),
  canEdit = true,
  refusal,
}: {
  items?: ThresholdEntry[]
  canEdit?: boolean
  refusal?: StaffApiError
} = {}) {
  const sent: Sent[] = []
  const calls: ThresholdCalls = {
    save: async (code, body) => {
      sent.push({ code, body })
      if (refusal) throw refusal
      return {
        items: items.map((entry) =>
          entry.code === code
            ? {
                ...entryOf(code, body.values),
                updatedAt: '2026-10-10 09:30:00',
                updatedBy: '王管理',
              }
            : entry,
        ),
      }
    },
  }
  const router = createMemoryRouter(
    [
      {
        path: '/admin/supervision/thresholds',
        element: (
          <>
            <Link to="/admin/supervision">监督预警</Link>
            <ThresholdSettings items={items} canEdit={canEdit} calls={calls} />
          </>
        ),
      },
      { path: '/admin/supervision', element: <p>预警列表</p> },
    ],
    { initialEntries: ['/admin/supervision/thresholds'] },
  )
  render(<RouterProvider router={router} />)
  return { sent, router }
}

const indicator = (name: string) => within(screen.getByRole('region', { name }))

describe('the 预警阈值 page', () => {
  it('lists every indicator with its rule, basis, thresholds with unit and range, and who changed it', () => {
    renderSettings({ items: listOf({ salePeriod: { minDays: 7 } }) })
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent),
    ).toEqual(INDICATOR_CODES.map((code) => INDICATORS[code].name))
    const tender = indicator('招标期过短')
    expect(tender.getByText(INDICATORS.tenderPeriod.rule)).toBeTruthy()
    expect(tender.getByText('《招标投标法》第二十四条')).toBeTruthy()
    const days = tender.getByRole('spinbutton', { name: '最短招标期' })
    expect((days as HTMLInputElement).value).toBe('20')
    expect(days.closest('.ant-input-number')?.textContent).toContain('日')
    // The range is the input's description, read out with it.
    const describedBy = days.getAttribute('aria-describedby') ?? ''
    expect(
      describedBy
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(''),
    ).toBe('范围 1–365 日')
    // At its default: no default said beside it.
    expect(tender.queryByText(/^默认/)).toBeNull()
    expect(tender.getByText('未曾修改，一直使用默认值')).toBeTruthy()

    const sale = indicator('文件发售期过短')
    expect(
      (sale.getByRole('spinbutton', { name: '最短发售期' }) as HTMLInputElement)
        .value,
    ).toBe('7')
    expect(sale.getByText('默认 5 日')).toBeTruthy()
    expect(sale.getByText('最近修改：李管理，2026-10-08 16:20:00')).toBeTruthy()

    expect(
      indicator('仅一家有效投标').getByText(
        '该指标按规则判定，没有可调整的阈值。',
      ),
    ).toBeTruthy()
    expect(indicator('仅一家有效投标').queryByRole('button')).toBeNull()
  })

  it('saves 最短招标期 of 25 alone and says that every warning is computed again', async () => {
    const user = userEvent.setup()
    const { sent } = renderSettings()
    const tender = indicator('招标期过短')
    const days = tender.getByRole('spinbutton', { name: '最短招标期' })
    await user.clear(days)
    await user.type(days, '25')
    expect(tender.getByText('默认 20 日')).toBeTruthy()
    await user.click(tender.getByRole('button', { name: /^保存/ }))

    expect((await tender.findByRole('status')).textContent).toContain(
      '已保存，全部预警将按新阈值重新计算',
    )
    expect(sent).toEqual([
      { code: 'tenderPeriod', body: { values: { minDays: 25 } } },
    ])
    expect((days as HTMLInputElement).value).toBe('25')
    expect(
      tender.getByText('最近修改：王管理，2026-10-10 09:30:00'),
    ).toBeTruthy()
  })

  it('says 最短招标期应在 1–365 日之间 for 400 and sends nothing', async () => {
    const user = userEvent.setup()
    const { sent } = renderSettings()
    const tender = indicator('招标期过短')
    const days = tender.getByRole('spinbutton', { name: '最短招标期' })
    await user.clear(days)
    await user.type(days, '400')
    await user.click(tender.getByRole('button', { name: /^保存/ }))

    expect(await tender.findByText('最短招标期应在 1–365 日之间')).toBeTruthy()
    expect(days.getAttribute('aria-invalid')).toBe('true')
    expect(sent).toEqual([])
    expect(tender.queryByRole('status')).toBeNull()
  })

  it('says 请填写最短招标期 for an empty input and sends nothing', async () => {
    const user = userEvent.setup()
    const { sent } = renderSettings()
    const tender = indicator('招标期过短')
    await user.clear(tender.getByRole('spinbutton', { name: '最短招标期' }))
    await user.click(tender.getByRole('button', { name: /^保存/ }))
    expect(await tender.findByText('请填写最短招标期')).toBeTruthy()
    expect(sent).toEqual([])
  })

  it('shows the server’s refusal and keeps what was typed', async () => {
    const user = userEvent.setup()
    renderSettings({
      refusal: new StaffApiError(400, '最短招标期应为整数'),
    })
    const tender = indicator('招标期过短')
    const days = tender.getByRole('spinbutton', { name: '最短招标期' })
    await user.clear(days)
    await user.type(days, '30{Enter}')
    expect(await tender.findByText('最短招标期应为整数')).toBeTruthy()
    expect((days as HTMLInputElement).value).toBe('30')
    expect(tender.queryByRole('status')).toBeNull()
  })

  it('fills the defaults with 恢复默认, and 保存 then sends them', async () => {
    const user = userEvent.setup()
    const { sent } = renderSettings({
      items: listOf({ repeatWinner: { months: 6, maxSharePercent: 40.5 } }),
    })
    const repeat = indicator('同一招标人的中标集中于一家')
    expect(repeat.getByText('默认 12 个月')).toBeTruthy()
    expect(repeat.getByText('默认 50 %')).toBeTruthy()
    await user.click(repeat.getByRole('button', { name: /^恢复默认/ }))

    const valueOf = (name: string) =>
      (repeat.getByRole('spinbutton', { name }) as HTMLInputElement).value
    expect(valueOf('回看期')).toBe('12')
    expect(valueOf('招标人最少中标项目数')).toBe('4')
    expect(valueOf('同一单位中标占比超过')).toBe('50')
    expect(repeat.queryByText(/^默认/)).toBeNull()
    expect(sent).toEqual([])

    await user.click(repeat.getByRole('button', { name: /^保存/ }))
    expect(await repeat.findByRole('status')).toBeTruthy()
    expect(sent).toEqual([
      {
        code: 'repeatWinner',
        body: { values: { months: 12, minAwards: 4, maxSharePercent: 50 } },
      },
    ])
  })

  it('asks before leaving with a change not saved, and not once it is saved', async () => {
    const user = userEvent.setup()
    const { router } = renderSettings()
    const tender = indicator('招标期过短')
    const days = tender.getByRole('spinbutton', { name: '最短招标期' })
    await user.clear(days)
    await user.type(days, '25')
    await user.click(screen.getByRole('link', { name: '监督预警' }))
    const dialog = await screen.findByRole('dialog', { name: '离开此页？' })
    await user.click(within(dialog).getByRole('button', { name: '留在此页' }))
    expect(router.state.location.pathname).toBe('/admin/supervision/thresholds')

    await user.click(tender.getByRole('button', { name: /^保存/ }))
    await tender.findByRole('status')
    await user.click(screen.getByRole('link', { name: '监督预警' }))
    expect(await screen.findByText('预警列表')).toBeTruthy()
  })

  it('shows a 监督检查 the values as text, with no input and no button', () => {
    renderSettings({
      canEdit: false,
      items: listOf({ tenderPeriod: { minDays: 25 } }),
    })
    expect(screen.queryAllByRole('spinbutton')).toEqual([])
    expect(screen.queryAllByRole('textbox')).toEqual([])
    expect(screen.queryAllByRole('button')).toEqual([])
    expect(
      screen.getByText('阈值由系统管理员设置，此处仅供查看。'),
    ).toBeTruthy()
    const tender = indicator('招标期过短')
    const [, , days] = tender.getAllByRole('definition')
    expect(tender.getAllByRole('term').map((t) => t.textContent)).toEqual([
      '判定规则',
      '依据',
      '最短招标期',
    ])
    expect(days?.textContent).toBe('25 日（默认 20 日）')
    expect(
      indicator('文件发售期过短').getAllByRole('definition')[2]?.textContent,
    ).toBe('5 日（默认值）')
  })

  it('says so when there is no indicator', () => {
    renderSettings({ items: [] })
    expect(screen.getByText('暂无预警指标')).toBeTruthy()
  })
})
