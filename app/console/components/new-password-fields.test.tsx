// @vitest-environment jsdom
import { Button, Form } from 'antd'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import '#tests/jsdom-shims.ts'

import { NewPasswordFields } from './new-password-fields.tsx'

afterEach(cleanup)

function renderForm() {
  const onFinish = vi.fn()
  render(
    <Form onFinish={onFinish}>
      <NewPasswordFields />
      <Button htmlType="submit">保存密码</Button>
    </Form>,
  )
  return onFinish
}

describe('the new-password fields', () => {
  it.each([
    ['twelve spaces', ' '.repeat(12), '密码不能只由空格组成'],
    ['zero-width spaces', 'river\u200b\u200b\u200bkashgar', '看不见的字符'],
    ['a short one', 'short-pass', '密码至少需要12个字符'],
  ])(
    'says what is wrong with %s before sending it',
    async (_case, password, text) => {
      const onFinish = renderForm()
      const user = userEvent.setup()
      await user.type(screen.getByLabelText('新密码'), password)
      await user.type(screen.getByLabelText('再次输入新密码'), password)
      await user.click(screen.getByRole('button', { name: '保存密码' }))
      expect(await screen.findByText(text, { exact: false })).toBeTruthy()
      expect(onFinish).not.toHaveBeenCalled()
    },
  )

  it('sends a password of visible characters to the server to be judged', async () => {
    const onFinish = renderForm()
    const user = userEvent.setup()
    for (const label of ['新密码', '再次输入新密码'])
      await user.type(screen.getByLabelText(label), 'kettle orchard lantern')
    await user.click(screen.getByRole('button', { name: '保存密码' }))
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledOnce())
  })
})
