// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import '#tests/jsdom-shims.ts'

import { ExpandableRadioGroup } from './expandable-radio-group.tsx'

const REGIONS = [
  '全部',
  '乌鲁木齐市',
  '克拉玛依市',
  '吐鲁番市',
  '哈密市',
  '昌吉回族自治州',
  '伊犁哈萨克自治州',
  '塔城地区',
  '阿勒泰地区',
].map((label, i) => ({ label, value: i === 0 ? '' : `r${i}` }))

// jsdom lays nothing out. This stands in for a browser row 400 px wide with 32 px buttons
// 100 px wide that wrap: four buttons to a line.
const BUTTON_WIDTH = 100
const ROW_WIDTH = 400
function layOutRows() {
  const indexOf = (el: HTMLElement) =>
    Array.from(el.parentElement?.children ?? []).indexOf(el)
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(
    function (this: HTMLElement) {
      return this.tagName === 'LABEL' ? 32 : 0
    },
  )
  vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(
    function (this: HTMLElement) {
      if (this.tagName !== 'LABEL') return 0
      return Math.floor((indexOf(this) * BUTTON_WIDTH) / ROW_WIDTH) * 40
    },
  )
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(
    function (this: HTMLElement) {
      const labels = this.querySelectorAll('label').length
      return Math.ceil((labels * BUTTON_WIDTH) / ROW_WIDTH) * 40 - 8
    },
  )
}

function Harness({
  initial,
  options = REGIONS,
}: {
  initial: string
  options?: typeof REGIONS
}) {
  const [value, setValue] = useState(initial)
  return (
    <ExpandableRadioGroup
      label="所属地区"
      name="region"
      value={value}
      options={options}
      onChange={setValue}
    />
  )
}

beforeEach(layOutRows)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the radio group with an expand toggle', () => {
  it('shows one line with a collapsed toggle and opens and closes it from the keyboard', async () => {
    const user = userEvent.setup()
    const { container } = render(<Harness initial="" />)
    const toggle = screen.getByRole('button', { name: '展开' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)
    expect(list?.className).toMatch(/collapsed/)

    toggle.focus()
    await user.keyboard('{Enter}')
    const expanded = screen.getByRole('button', { name: '收起' })
    expect(expanded.getAttribute('aria-expanded')).toBe('true')
    expect(list?.className).not.toMatch(/collapsed/)

    await user.keyboard(' ')
    expect(
      screen
        .getByRole('button', { name: '展开' })
        .getAttribute('aria-expanded'),
    ).toBe('false')
    expect(container.querySelectorAll('input[name="region"]')).toHaveLength(9)
  })

  it('has no toggle when every choice fits on one line', () => {
    render(<Harness initial="" options={REGIONS.slice(0, 4)} />)
    expect(screen.queryByRole('button', { name: '展开' })).toBeNull()
    expect(screen.getAllByRole('radio')).toHaveLength(4)
  })

  it('starts open when the choice in force stands on a later line', () => {
    render(<Harness initial="r7" />)
    expect(screen.getByRole('radio', { name: '塔城地区' })).toHaveProperty(
      'checked',
      true,
    )
    expect(
      screen
        .getByRole('button', { name: '收起' })
        .getAttribute('aria-expanded'),
    ).toBe('true')
  })

  it('hands on the choice the visitor makes', async () => {
    const user = userEvent.setup()
    render(<Harness initial="" />)
    await user.click(screen.getByText('吐鲁番市'))
    expect(screen.getByRole('radio', { name: '吐鲁番市' })).toHaveProperty(
      'checked',
      true,
    )
    expect(screen.getByRole('radio', { name: '全部' })).toHaveProperty(
      'checked',
      false,
    )
  })

  it('collapses in the server page before the first paint, before any app script runs', () => {
    // What a browser has when the server's HTML is laid out: the row's inline script runs then.
    function collapsedAfterScript(initial: string) {
      const host = document.createElement('div')
      host.innerHTML = renderToString(<Harness initial={initial} />)
      document.body.append(host)
      const script = host.querySelector('script')!
      Object.defineProperty(document, 'currentScript', {
        configurable: true,
        get: () => script,
      })
      new Function(script.textContent!)()
      const toggle = script.previousElementSibling as HTMLButtonElement
      const list = toggle.previousElementSibling!
      host.remove()
      return { isCollapsed: /collapsed/.test(list.className), toggle }
    }
    const collapsed = collapsedAfterScript('')
    expect(collapsed.isCollapsed).toBe(true)
    expect(collapsed.toggle.hidden).toBe(false)
    expect(collapsed.toggle.textContent).toBe('展开')
    // The choice in force on a later line keeps the row open, as the app then shows it.
    const open = collapsedAfterScript('r7')
    expect(open.isCollapsed).toBe(false)
    expect(open.toggle.hidden).toBe(true)
  })
})
