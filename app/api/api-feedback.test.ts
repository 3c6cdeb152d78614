// @vitest-environment jsdom
import { message } from 'antd'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createBrowserFeedback } from './api-feedback.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('browser feedback', () => {
  it('asks antd for an error toast with the message, shown for 5 seconds', async () => {
    // Not rendered: an antd static message keeps a React root that outlives jsdom's teardown.
    const shown = vi
      .spyOn(message, 'error')
      .mockImplementation(() => Object.assign(Promise.resolve(true), () => {}))
    createBrowserFeedback(() => {}).error('投诉编号不存在')
    await vi.waitFor(() =>
      expect(shown).toHaveBeenCalledWith({
        content: '投诉编号不存在',
        duration: 5,
      }),
    )
  })

  it('clears the stored session and sends the visitor to /index on logout', () => {
    localStorage.setItem('token', 'abc')
    localStorage.setItem('userInfo', '{"name":"张三"}')
    sessionStorage.setItem('token', 'abc')
    localStorage.setItem('theme', 'light')
    const visited: string[] = []
    createBrowserFeedback((path) => visited.push(path)).logout()
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('userInfo')).toBeNull()
    expect(sessionStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('theme')).toBe('light')
    expect(visited).toEqual(['/index'])
  })
})
