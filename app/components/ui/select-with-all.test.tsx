// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import '#tests/jsdom-shims.ts'

import { SelectWithAll } from './select-with-all.tsx'
import SelectWithAllAntd from './select-with-all-antd.tsx'

afterEach(cleanup)

const OPTIONS = [
  { label: '公开招标', value: 'open' },
  { label: '邀请招标', value: 'invited' },
]

function Harness({
  initial,
  onChange,
}: {
  initial: string
  onChange: (value: string) => void
}) {
  const [value, setValue] = useState(initial)
  return (
    <ConfigProvider locale={zhCN}>
      <form>
        <label htmlFor="mode">交易方式</label>
        <SelectWithAll
          id="mode"
          name="mode"
          value={value}
          options={OPTIONS}
          onChange={(next) => {
            setValue(next)
            onChange(next)
          }}
        />
      </form>
    </ConfigProvider>
  )
}

const openList = () =>
  document.querySelector(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
  )

describe('the select with 全部', () => {
  it('shows the choice in force, and 全部 for none, before antd is loaded', () => {
    render(<Harness initial="invited" onChange={() => undefined} />)
    expect(screen.getByRole('combobox', { name: '交易方式' })).toBeTruthy()
    expect(screen.getByTitle('邀请招标')).toBeTruthy()
    expect(openList()).toBeNull()
    cleanup()
    render(<Harness initial="" onChange={() => undefined} />)
    expect(screen.getByTitle('全部')).toBeTruthy()
  })

  it('opens its list from the keyboard, keeps the focus, and hands the choice on', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness initial="" onChange={onChange} />)
    await user.tab()
    expect(document.activeElement?.id).toBe('mode')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(openList()).not.toBeNull())
    expect(document.activeElement?.id).toBe('mode')
    await user.click(screen.getByTitle('公开招标'))
    expect(onChange).toHaveBeenLastCalledWith('open')
    expect(
      (document.querySelector('input[name="mode"]') as HTMLInputElement).value,
    ).toBe('open')
  })

  it('opens when a key on its look-alike comes after it began to take over', async () => {
    // A focus starts the loading; Enter, pressed on the look-alike before antd's Select has
    // replaced it, reaches the Select as a new first use.
    const props = {
      id: 'mode',
      value: '',
      options: OPTIONS,
      onChange: () => undefined,
    }
    const view = render(
      <SelectWithAllAntd
        {...props}
        use={{ isFocused: true, isOpen: false, part: 0 }}
      />,
    )
    expect(openList()).toBeNull()
    view.rerender(
      <SelectWithAllAntd
        {...props}
        use={{ isFocused: true, isOpen: true, part: 0 }}
      />,
    )
    await waitFor(() => expect(openList()).not.toBeNull())
  })
})
