// @vitest-environment jsdom
import { App } from 'antd'
import {
  cleanup,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import '#tests/jsdom-shims.ts'

import { COMPLAINT_TYPES } from '#common/constants/statute.ts'
import type {
  ContentFields,
  ContentItemDetail,
  SaveDraft,
} from '#common/schemas/content/workflow.ts'
import { itemDetail } from '#tests/content-fixtures.ts'

import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import type { ContentApi } from '../content-api.ts'
import { ContentEditor } from '../content-editor.tsx'

afterEach(cleanup)

const user = () => userEvent.setup()

type Sent = { call: string; body?: unknown }

/** The editor's calls, answered as the server would. */
function fakeCalls() {
  const sent: Sent[] = []
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
  return { calls, sent }
}

function renderEditor(
  kind: ContentItemDetail['kind'],
  detail: ContentItemDetail | null = null,
) {
  const fake = fakeCalls()
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <App>
            <ContentEditor
              kind={kind}
              detail={detail}
              calls={fake.calls}
              project={null}
              onCreated={vi.fn()}
            />
          </App>
        ),
      },
    ],
    { initialEntries: ['/admin/content/new'] },
  )
  render(<RouterProvider router={router} />)
  return fake
}

const button = (name: string) => screen.getByRole('button', { name })
const queryButton = (name: string) => screen.queryByRole('button', { name })
const valueOf = (label: string) =>
  (screen.getByLabelText(label) as HTMLInputElement).value

async function chooseGroup(label: string) {
  const u = user()
  await u.click(screen.getByLabelText('链接分组'))
  const input = screen.getByLabelText('链接分组')
  const dropdown = document
    .getElementById(`${input.id}_list`)!
    .closest<HTMLElement>('.ant-select-dropdown')!
  await u.click(within(dropdown).getByTitle(label))
}

describe('the list of links', () => {
  it('names each row’s inputs by its number, adds, moves and removes rows, and sends them in order', async () => {
    const { sent } = renderEditor('footerLinks')
    const u = user()
    await chooseGroup('国家部委')
    await u.type(screen.getByLabelText('第1条链接的标题'), '水利部')
    await u.type(
      screen.getByLabelText('第1条链接的地址'),
      'https://www.mwr.gov.cn/',
    )
    await u.click(button('添加链接'))
    await u.type(screen.getByLabelText('第2条链接的标题'), '国家发展改革委')
    await u.type(
      screen.getByLabelText('第2条链接的地址'),
      'https://www.ndrc.gov.cn/',
    )
    await u.click(button('添加链接'))
    await u.type(screen.getByLabelText('第3条链接的标题'), '待删除')

    // The first row cannot go up nor the last down.
    expect((button('上移第1条链接') as HTMLButtonElement).disabled).toBe(true)
    expect((button('下移第3条链接') as HTMLButtonElement).disabled).toBe(true)

    // Moved by keyboard: the focus stays on the button, now the row's new place.
    button('上移第2条链接').focus()
    await u.keyboard('{Enter}')
    expect(valueOf('第1条链接的标题')).toBe('国家发展改革委')
    expect(valueOf('第2条链接的标题')).toBe('水利部')
    expect(document.activeElement).toBe(button('上移第1条链接'))

    await u.click(button('删除第3条链接'))
    expect(screen.queryByLabelText('第3条链接的标题')).toBeNull()

    await u.click(button('保存草稿'))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      call: 'create',
      body: {
        kind: 'footerLinks',
        fields: {
          type: 1,
          links: [
            { title: '国家发展改革委', url: 'https://www.ndrc.gov.cn/' },
            { title: '水利部', url: 'https://www.mwr.gov.cn/' },
          ],
        },
      },
    })
  })

  it('refuses an address twice, a script address and an empty list at the field, sending nothing', async () => {
    const { sent } = renderEditor('homeLinks')
    const u = user()
    await u.type(screen.getByLabelText('第1条链接的标题'), '投诉举报')
    await u.type(screen.getByLabelText('第1条链接的地址'), '/complaint')
    await u.click(button('添加链接'))
    await u.type(screen.getByLabelText('第2条链接的标题'), '再次投诉')
    await u.type(screen.getByLabelText('第2条链接的地址'), '/complaint')
    await u.click(button('添加链接'))
    await u.type(screen.getByLabelText('第3条链接的标题'), '脚本')
    await u.type(
      screen.getByLabelText('第3条链接的地址'),
      'javascript:alert(1)',
    )
    await u.click(button('保存草稿'))
    expect(
      await screen.findByText('第2个链接的地址与第1个重复：/complaint'),
    ).toBeTruthy()
    expect(
      screen.getByText(
        '链接地址须为以 http:// 或 https:// 开头的网址，或以 / 开头的本站地址',
      ),
    ).toBeTruthy()
    for (const row of [3, 2, 1]) await u.click(button(`删除第${row}条链接`))
    await u.click(button('保存草稿'))
    expect(await screen.findByText('请至少填写一个链接')).toBeTruthy()
    expect(sent).toEqual([])
  })
})

describe('the dictionary form', () => {
  const complaintTypes = itemDetail({
    kind: 'dictionary',
    fields: {
      type: 'complaint_type',
      name: '投诉类型',
      entries: COMPLAINT_TYPES.map((t) => ({ label: t.label, value: t.value })),
    },
  })

  it('lets a dictionary the portal reads be renamed and reordered only, and says why', async () => {
    const { sent } = renderEditor('dictionary', complaintTypes)
    const u = user()
    expect(
      screen.getByText(/「投诉类型」字典的取值由平台的投诉和项目功能使用/),
    ).toBeTruthy()
    expect(
      (screen.getByLabelText('第1个字典项的取值') as HTMLInputElement).readOnly,
    ).toBe(true)
    expect(
      (screen.getByLabelText('第1个字典项的名称') as HTMLInputElement).readOnly,
    ).toBe(false)
    expect(queryButton('添加字典项')).toBeNull()
    expect(queryButton('删除第1个字典项')).toBeNull()

    await u.clear(screen.getByLabelText('第1个字典项的名称'))
    await u.type(screen.getByLabelText('第1个字典项的名称'), '招标文件内容')
    await u.click(button('下移第1个字典项'))
    await u.click(button('保存草稿'))
    await waitFor(() => expect(sent).toHaveLength(1))
    const body = sent[0]!.body as SaveDraft
    expect(body.kind).toBe('dictionary')
    if (body.kind !== 'dictionary') return
    expect(body.fields.entries.slice(0, 2)).toEqual([
      { label: '资格预审文件', value: 'prequalification_documents' },
      { label: '招标文件内容', value: 'bid_documents' },
    ])
  })

  it('lets a free dictionary’s entries be added and removed', async () => {
    renderEditor('dictionary')
    const u = user()
    expect(screen.getByText('同一字典中的名称和取值都不能重复。')).toBeTruthy()
    await u.click(button('添加字典项'))
    expect(screen.getByLabelText('第2个字典项的取值')).toBeTruthy()
    await u.click(button('删除第2个字典项'))
    expect(screen.queryByLabelText('第2个字典项的取值')).toBeNull()
  })
})

describe('the site settings form', () => {
  const published = itemDetail(
    {
      kind: 'siteSettings',
      fields: {
        platformName: '水利工程招标投标在线监督平台',
        serviceHotline: '400-9955-015',
        guidanceUnit: '自治区水利厅',
        technicalSupport: '新疆水利信息技术服务有限公司',
        externalLoginUrl: 'https://uia.slt.xinjiang.gov.cn/login',
        studySiteUrl: 'https://study.slt.xinjiang.gov.cn/',
      },
    },
    { itemState: 'published', publishedRevisionNo: 1, publicPath: '/contact' },
  )

  it('shows the six settings by name, checks the hotline as the server does, and offers no 更正', async () => {
    const { sent } = renderEditor('siteSettings', published)
    expect(valueOf('平台名称')).toBe('水利工程招标投标在线监督平台')
    expect(valueOf('在线学习地址')).toBe('https://study.slt.xinjiang.gov.cn/')
    expect(screen.queryByRole('checkbox')).toBeNull()
    const u = user()
    await u.clear(screen.getByLabelText('服务热线'))
    await u.type(screen.getByLabelText('服务热线'), '4009955')
    await u.click(button('保存草稿'))
    expect(await screen.findByText(/^服务热线格式不正确/)).toBeTruthy()
    expect(sent).toEqual([])
    await u.clear(screen.getByLabelText('服务热线'))
    await u.type(screen.getByLabelText('服务热线'), '0991-4531870')
    await u.click(button('保存草稿'))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.body).toMatchObject({
      kind: 'siteSettings',
      fields: { serviceHotline: '0991-4531870' },
      isCorrection: false,
    })
  })
})
