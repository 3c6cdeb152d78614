// @vitest-environment jsdom
import { Button, ConfigProvider } from 'antd'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'

import { BUTTON_CONFIG } from './button-config.tsx'

afterEach(cleanup)

it('keeps a busy button named by its own text, in Chinese, before and after it is busy', () => {
  const { rerender } = render(
    <ConfigProvider button={BUTTON_CONFIG}>
      <Button loading>确认签章</Button>
    </ConfigProvider>,
  )
  expect(screen.getByRole('button', { name: '确认签章' })).toBeTruthy()
  rerender(
    <ConfigProvider button={BUTTON_CONFIG}>
      <Button>确认签章</Button>
    </ConfigProvider>,
  )
  // jsdom never ends the spinner's leave animation, as a browser tab in the background may not.
  expect(screen.getByRole('button', { name: '确认签章' })).toBeTruthy()
  expect(screen.queryByRole('img', { name: 'loading' })).toBeNull()
})
