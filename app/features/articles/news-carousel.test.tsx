// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import '#tests/jsdom-shims.ts'

import type { RotationItem } from '#common/schemas/article.ts'

import { NewsCarousel } from './news-carousel.tsx'

const items: RotationItem[] = [
  '水库除险加固',
  '灌区续建配套',
  '河湖长制巡查',
].map((title, index) => ({
  id: index + 1,
  title,
  cover: `/files/AAAAAAAAAAAAAAA${index}/${index}.jpg`,
  publishTime: '2026-12-01 09:00:00',
}))

/** The headline whose link takes the Tab key: the slide shown. */
const shown = () =>
  screen
    .getAllByRole('link', { hidden: true })
    .find((link) => link.tabIndex === 0)?.textContent

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('the home page carousel', () => {
  it('moves on its own until 暂停 is pressed, and again after 播放', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    render(
      <MemoryRouter>
        <NewsCarousel items={items} />
      </MemoryRouter>,
    )
    expect(shown()).toBe('水库除险加固')
    await act(() => vi.advanceTimersByTimeAsync(5600))
    expect(shown()).toBe('灌区续建配套')

    // The first stop of the keyboard, before the slides; it stays on the button, outside the
    // slides (whose own focus would pause them).
    await user.tab()
    const pause = screen.getByRole('button', { name: '暂停图片轮播' })
    expect(document.activeElement).toBe(pause)
    expect(pause.textContent).toBe('暂停')
    await user.keyboard('{Enter}')
    expect(pause.textContent).toBe('播放')
    await act(() => vi.advanceTimersByTimeAsync(20_000))
    expect(shown()).toBe('灌区续建配套')

    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: '暂停图片轮播' })).toBe(pause)
    await act(() => vi.advanceTimersByTimeAsync(5600))
    expect(shown()).toBe('河湖长制巡查')
    // From the last slide it goes back to the first, but not while the focus is in it.
    await act(() => vi.advanceTimersByTimeAsync(11_000))
    expect(shown()).toBe('河湖长制巡查')
    act(() => pause.blur())
    await act(() => vi.advanceTimersByTimeAsync(5600))
    expect(shown()).toBe('水库除险加固')

    // Nor while a pointer is on it.
    await user.hover(screen.getByText('水库除险加固'))
    await act(() => vi.advanceTimersByTimeAsync(11_000))
    expect(shown()).toBe('水库除险加固')
  })
})
