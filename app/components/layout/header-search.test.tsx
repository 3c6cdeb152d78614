// @vitest-environment jsdom
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { HeaderSearch } from './header-search.tsx'

// React's act() without Testing Library, which hydrates nothing.
;(
  globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
).IS_REACT_ACT_ENVIRONMENT = true

describe('the header search box', () => {
  it('keeps what was typed before the page’s scripts ran, and searches for it', async () => {
    const searched: string[] = []
    const box = (
      <HeaderSearch
        name="keyword"
        placeholder="请输入关键字"
        ariaLabel="站内搜索"
        onSearch={(keyword) => searched.push(keyword)}
      />
    )
    const host = document.createElement('div')
    host.innerHTML = renderToString(box)
    document.body.append(host)
    const input = host.querySelector('input')!
    const clear = host.querySelector('.ant-input-clear-icon')!
    expect(clear.classList).toContain('ant-input-clear-icon-hidden')
    // Typed into the server's HTML: the page paints before its scripts load.
    input.value = '水库'

    const root = await act(async () => hydrateRoot(host, box))
    expect(input.value).toBe('水库')
    expect(clear.classList).not.toContain('ant-input-clear-icon-hidden')
    await act(async () => {
      host.querySelector<HTMLButtonElement>('.ant-input-search-btn')!.click()
    })
    expect(searched).toEqual(['水库'])

    await act(async () => (clear as HTMLButtonElement).click())
    expect(input.value).toBe('')
    expect(clear.classList).toContain('ant-input-clear-icon-hidden')
    act(() => root.unmount())
    host.remove()
  })
})
