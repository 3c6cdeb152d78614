// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Form } from 'antd'
import { afterEach, describe, expect, it, vi } from 'vitest'

import '#tests/jsdom-shims.ts'

import { FormTextInput } from './form-text-input.tsx'

afterEach(cleanup)

function CodeForm({
  isDisabled = false,
  onFinish,
}: {
  isDisabled?: boolean
  onFinish: (values: { code: string }) => void
}) {
  return (
    <Form layout="vertical" disabled={isDisabled} onFinish={onFinish}>
      <Form.Item
        label="查询码"
        name="code"
        rules={[{ pattern: /^[A-Z0-9]{4}$/, message: '查询码应为4位' }]}
      >
        <FormTextInput autoComplete="off" />
      </Form.Item>
      <button type="submit">查询</button>
    </Form>
  )
}

describe('a light text field in antd’s form', () => {
  it('is named by its label, hands what is typed to the form, and is framed in red with the message while wrong', async () => {
    const user = userEvent.setup()
    const onFinish = vi.fn()
    render(<CodeForm onFinish={onFinish} />)
    const field = screen.getByRole('textbox', { name: '查询码' })
    await user.type(field, 'AB')
    await user.click(screen.getByRole('button', { name: '查询' }))
    expect(await screen.findByText('查询码应为4位')).toBeTruthy()
    await waitFor(() =>
      expect(field.className).toContain('ant-input-status-error'),
    )
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(onFinish).not.toHaveBeenCalled()

    await user.type(field, 'C9')
    await waitFor(() =>
      expect(field.className).not.toContain('ant-input-status-error'),
    )
    await user.click(screen.getByRole('button', { name: '查询' }))
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ code: 'ABC9' }))
  })

  it('is disabled with its form', () => {
    render(<CodeForm isDisabled onFinish={() => undefined} />)
    const field = screen.getByRole('textbox', { name: '查询码' })
    expect((field as HTMLInputElement).disabled).toBe(true)
    expect(field.className).toContain('ant-input-disabled')
  })
})
