// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import '#tests/jsdom-shims.ts'

import { ErrorPage } from './error-page.tsx'

afterEach(cleanup)

describe('the error page drawn in the browser', () => {
  it('says what went wrong at once, before antd’s Result has loaded, and then offers the way home', async () => {
    render(<ErrorPage status={404} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      '页面不存在',
    )
    expect(screen.getByText('您访问的页面不存在或内容已被删除。')).toBeTruthy()
    expect(screen.getByRole('link', { name: '返回首页' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull()
    // antd's Result takes over, with the same words and ways on.
    expect(
      await screen.findByText('返回首页', { selector: '.ant-btn *' }),
    ).toBeTruthy()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })

  it('treats a status it has no words for as a server error, offering a reload at once', () => {
    render(<ErrorPage status={418} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      '服务暂时不可用',
    )
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy()
  })
})
