// @vitest-environment jsdom
import { act } from '@testing-library/react'
import { message } from 'antd'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createBrowserFeedback } from './api-feedback.ts'

afterEach(async () => {
  // act flushes antd's rendering, so nothing is left to run once jsdom is torn down.
  await act(async () => {
    message.destroy()
    await new Promise((resolve) => setTimeout(resolve, 600))
  })
  vi.restoreAllMocks()
})

describe('browser feedback', () => {
  it('shows an error toast with the message for 5 seconds', async () => {
    const shown = vi.spyOn(message, 'error')
    await act(async () => {
      createBrowserFeedback(() => {}).error('投诉编号不存在')
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    expect(shown).toHaveBeenCalledWith({ content: '投诉编号不存在', duration: 5 })
    expect(document.querySelector('.ant-message-error')?.textContent).toContain('投诉编号不存在')
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
