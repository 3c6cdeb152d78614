// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Form } from 'antd'
import { afterEach, describe, expect, it } from 'vitest'

import '#tests/jsdom-shims.ts'

import { EMPTY_VALUES } from './apply-values.ts'
import { ComplainantFields } from './party-fields.tsx'

afterEach(cleanup)

function renderComplainant() {
  render(
    <Form initialValues={EMPTY_VALUES}>
      <ComplainantFields />
    </Form>,
  )
  return userEvent.setup()
}

describe('the complainant’s identity number on the complaint form', () => {
  it('names the check character a mistyped 统一社会信用代码 should end in, before the rest is filled', async () => {
    const user = renderComplainant()
    const code = screen.getByLabelText('统一社会信用代码')
    await user.type(code, '91650100ma77abcd1x')
    expect(
      await screen.findByText(
        '统一社会信用代码的最后一位校验码应为 P，请核对是否有输错的字符',
      ),
    ).toBeTruthy()

    await user.clear(code)
    await user.type(code, '91650100ma77abcd1p')
    await expect
      .poll(() => screen.queryByText(/统一社会信用代码的最后一位校验码/))
      .toBeNull()
  })

  it('names the check digit a mistyped 身份证号码 should end in', async () => {
    const user = renderComplainant()
    await user.click(screen.getByRole('radio', { name: '自然人' }))
    const number = screen.getByLabelText('身份证号码')
    await user.type(number, '650102199001011234')
    expect(
      await screen.findByText(
        '身份证号码的最后一位校验码应为 9，请核对是否有输错的数字',
      ),
    ).toBeTruthy()

    await user.clear(number)
    await user.type(number, '650102199001011239')
    await expect
      .poll(() => screen.queryByText(/身份证号码的最后一位校验码/))
      .toBeNull()
  })
})
