// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ConfigProvider } from 'antd'
import dayjs from 'dayjs'
import zhCN from 'antd/locale/zh_CN'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import '#tests/jsdom-shims.ts'

import { type DayRange, DateRangePicker } from './date-range-picker.tsx'

afterEach(cleanup)

function Harness({
  initial,
  onChange,
}: {
  initial?: DayRange
  onChange: (range: DayRange | undefined) => void
}) {
  const [value, setValue] = useState(initial)
  return (
    <ConfigProvider locale={zhCN}>
      <DateRangePicker
        label="发布时间范围"
        value={value}
        onChange={(range) => {
          setValue(range)
          onChange(range)
        }}
      />
    </ConfigProvider>
  )
}

const cell = (day: string) =>
  document.querySelector<HTMLElement>(`.ant-picker-dropdown td[title="${day}"]`)

const isDisabled = (day: string) =>
  cell(day)?.classList.contains('ant-picker-cell-disabled')

/** A press on one of the fields: antd's picker loads and opens its calendar there. */
async function openAt(user: ReturnType<typeof userEvent.setup>, field: string) {
  await user.click(screen.getByPlaceholderText(field))
  await waitFor(() =>
    expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull(),
  )
}

describe('the date-range picker', () => {
  it('is drawn without its calendar until a field is pressed, then opens at that field', async () => {
    const user = userEvent.setup()
    render(
      <Harness
        initial={{ start: '2026-11-03', end: '2026-11-20' }}
        onChange={() => undefined}
      />,
    )
    const end = screen.getByPlaceholderText<HTMLInputElement>('结束日期')
    expect(end.value).toBe('2026-11-20')
    expect(document.querySelector('.ant-picker-dropdown')).toBeNull()
    await openAt(user, '结束日期')
    const active = document.activeElement as HTMLInputElement
    expect(active.placeholder).toBe('结束日期')
    expect(active.value).toBe('2026-11-20')
    expect(cell('2026-11-20')).not.toBeNull()
  })

  it('hands the range on only once both the start and the end are chosen', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(
      <Harness
        initial={{ start: '2026-11-03', end: '2026-11-20' }}
        onChange={onChange}
      />,
    )
    await openAt(user, '开始日期')
    await user.click(cell('2026-11-05')!)
    expect(onChange).not.toHaveBeenCalled()
    await user.click(cell('2026-11-12')!)
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(onChange).toHaveBeenLastCalledWith({
      start: '2026-11-05',
      end: '2026-11-12',
    })
  })

  it('keeps a lone start to itself until the end is chosen too', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    const month = dayjs().startOf('month')
    const fifth = month.add(4, 'day').format('YYYY-MM-DD')
    const twelfth = month.add(11, 'day').format('YYYY-MM-DD')
    await openAt(user, '开始日期')
    await user.click(cell(fifth)!)
    await user.click(document.body)
    expect(onChange).not.toHaveBeenCalled()
    expect(
      screen.getByPlaceholderText<HTMLInputElement>('开始日期').value,
    ).toBe(fifth)
    await user.click(screen.getByPlaceholderText('结束日期'))
    await user.click(cell(twelfth)!)
    // The picker then offers the start again; leaving it confirms the pair (the picker closes
    // on a timer after the blur, so the pair arrives a moment later).
    await user.click(document.body)
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1))
    expect(onChange).toHaveBeenLastCalledWith({ start: fifth, end: twelfth })
  })

  it('never lets the start pass the end, nor the end come before the start', async () => {
    const user = userEvent.setup()
    render(
      <Harness
        initial={{ start: '2026-11-10', end: '2026-11-20' }}
        onChange={() => undefined}
      />,
    )
    await openAt(user, '开始日期')
    expect(isDisabled('2026-11-21')).toBe(true)
    expect(isDisabled('2026-11-20')).toBe(false)
    expect(isDisabled('2026-11-02')).toBe(false)

    await user.click(screen.getByPlaceholderText('结束日期'))
    expect(isDisabled('2026-11-09')).toBe(true)
    expect(isDisabled('2026-11-10')).toBe(false)
    expect(isDisabled('2026-11-25')).toBe(false)
  })

  it('tells once that the range was cleared', async () => {
    const onChange = vi.fn()
    render(
      <Harness
        initial={{ start: '2026-11-10', end: '2026-11-20' }}
        onChange={onChange}
      />,
    )
    const start = screen.getByPlaceholderText('开始日期')
    expect((start as HTMLInputElement).value).toBe('2026-11-10')
    // The clear icon shows on hover; jsdom has no hover styles, so the check is skipped.
    await userEvent
      .setup({ pointerEventsCheck: 0 })
      .click(screen.getByRole('button', { name: '清除' }))
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(onChange).toHaveBeenLastCalledWith(undefined)
  })
})
