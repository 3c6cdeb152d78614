// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Form, Input } from 'antd'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'

import '#tests/jsdom-shims.ts'

import { MSG_CHUNK_LOAD_FAILED } from '#common/messages.ts'

import { lazyZodRule } from './zod-form-rule.ts'

const NoSchema = z.string().regex(/^\d{12}$/, '投诉编号应为12位数字')

function renderField(loadSchema: () => Promise<z.ZodType>) {
  render(
    <Form>
      <Form.Item
        label="投诉编号"
        name="complaintNo"
        rules={[lazyZodRule(loadSchema, [], (values) => values.complaintNo)]}
      >
        <Input />
      </Form.Item>
    </Form>,
  )
}

afterEach(cleanup)

describe('a form rule whose schema loads at the first check', () => {
  it('says the schema’s message once the schema has come', async () => {
    let loads = 0
    renderField(async () => {
      loads += 1
      return NoSchema
    })
    expect(loads).toBe(0)
    await userEvent.type(screen.getByLabelText('投诉编号'), '2026')
    expect(await screen.findByText('投诉编号应为12位数字')).toBeTruthy()
    expect(loads).toBeGreaterThan(0)
  })

  it('says in Chinese that the page’s files did not load, not the browser’s error', async () => {
    renderField(() =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module'),
      ),
    )
    await userEvent.type(screen.getByLabelText('投诉编号'), '2')
    expect(await screen.findByText(MSG_CHUNK_LOAD_FAILED)).toBeTruthy()
    expect(screen.queryByText(/Failed to fetch/)).toBeNull()
  })
})
