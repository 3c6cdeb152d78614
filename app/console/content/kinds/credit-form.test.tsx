// @vitest-environment jsdom
import { App } from 'antd'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import '#tests/jsdom-shims.ts'

import type {
  ContentFields,
  ContentItemDetail,
  SaveDraft,
} from '#common/schemas/content/workflow.ts'
import { itemDetail } from '#tests/content-fixtures.ts'
import { creditFields } from '#tests/credit-fixtures.ts'

import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import type { ContentApi } from '../content-api.ts'
import { ContentEditor } from '../content-editor.tsx'

afterEach(cleanup)

function renderEditor(detail: ContentItemDetail | null) {
  const sent: { call: string; body: unknown }[] = []
  const calls: Pick<
    ContentApi,
    'create' | 'saveDraft' | 'change' | 'detail' | 'upload' | 'projects'
  > = {
    create: async (body: ContentFields) => {
      sent.push({ call: 'create', body })
      return { id: 90 }
    },
    saveDraft: async (_id: number, body: SaveDraft) => {
      sent.push({ call: 'saveDraft', body })
      return {}
    },
    change: async () => ({}),
    detail: async () => {
      throw new StaffApiError(404, '该内容不存在')
    },
    upload: () => Promise.reject(new Error('不在本测试中上传')),
    projects: async () => ({ items: [], total: 0 }),
  }
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <App>
            <ContentEditor
              kind="credit"
              detail={detail}
              calls={calls}
              project={null}
              onCreated={() => undefined}
            />
          </App>
        ),
      },
    ],
    { initialEntries: ['/admin/content/new?kind=credit'] },
  )
  render(<RouterProvider router={router} />)
  return sent
}

const fieldErrors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map(
    (error) => error.textContent,
  )
const save = () =>
  userEvent.setup().click(screen.getByRole('button', { name: '保存草稿' }))

describe('the credit record form', () => {
  it('says what each field needs, and why a credit code is wrong, before anything is sent', async () => {
    const sent = renderEditor(null)
    await save()
    await waitFor(() =>
      expect(fieldErrors()).toEqual([
        '请输入当事人名称',
        '请选择当事人类别',
        '请输入违法违规行为',
        '请输入处理依据',
        '请选择决定类型',
        '请输入决定内容',
        '请输入决定机关',
        '请选择决定日期',
      ]),
    )
    const u = userEvent.setup()
    await u.type(
      screen.getByLabelText('统一社会信用代码'),
      '91650100MA77TXR31Z',
    )
    await save()
    expect(
      await screen.findByText(
        '统一社会信用代码第18位「Z」无效：只能是数字或大写字母（不含 I、O、S、V、Z）',
      ),
    ).toBeTruthy()
    await u.clear(screen.getByLabelText('统一社会信用代码'))
    await u.type(
      screen.getByLabelText('统一社会信用代码'),
      '91650100ma77txr316',
    )
    await save()
    expect(
      await screen.findByText(
        '统一社会信用代码的最后一位校验码应为 5，请核对是否有输错的字符',
      ),
    ).toBeTruthy()
    expect(sent).toEqual([])
  })

  it('lets an expert go without a code, says the public period, and sends the fields as typed', async () => {
    const record = creditFields('新疆恒泰水利建设有限公司')
    const sent = renderEditor(itemDetail({ kind: 'credit', fields: record }))
    // Six months from the decision: public until the same date.
    expect(
      screen.getByText(
        '公示期：2026-10-15 至 2027-04-15，期满后自动归档（仍可查询）。',
      ),
    ).toBeTruthy()
    const u = userEvent.setup()
    await u.clear(screen.getByLabelText('统一社会信用代码'))
    await save()
    expect(
      await screen.findByText('请输入统一社会信用代码（评标专家可不填）'),
    ).toBeTruthy()
    expect(sent).toEqual([])

    await u.click(screen.getByRole('radio', { name: '评标专家' }))
    expect(screen.getByText('评标专家为自然人，可不填')).toBeTruthy()
    await save()
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.body).toMatchObject({
      kind: 'credit',
      fields: { ...record, partyKind: 'expert', creditCode: '' },
    })
  })
})
