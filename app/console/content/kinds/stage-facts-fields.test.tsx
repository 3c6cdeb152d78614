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

import type { RichTextEditorProps } from '#app/components/ui/rich-text-editor.tsx'
import type { StageFacts } from '#common/schemas/content/stage-facts.ts'
import type {
  ContentFields,
  ContentItemDetail,
  ProjectChoice,
  SaveDraft,
} from '#common/schemas/content/workflow.ts'
import {
  announcementFields,
  itemDetail,
  projectChoice,
} from '#tests/content-fixtures.ts'

import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import type { ContentApi } from '../content-api.ts'
import { ContentEditor } from '../content-editor.tsx'
import { RevisionView } from '../revision-view.tsx'

// The body is a plain labelled field here; TinyMCE has its own tests.
vi.mock('#app/components/ui/rich-text-editor.tsx', () => ({
  RichTextEditor: ({ id, value, onChange, ariaLabel }: RichTextEditorProps) => (
    <textarea
      id={id}
      aria-label={ariaLabel}
      value={value ?? ''}
      onChange={(event) => onChange?.(event.target.value)}
    />
  ),
}))

afterEach(cleanup)

/** A 工程建设 project whose stages are all open to the announcement being edited (item 60). */
const WORKS: ProjectChoice = projectChoice({
  projectId: 70,
  itemId: 65,
  code: 'TLMH-SG-2026-0007',
  name: '塔里木河干流防洪堤加固工程',
  category: 1,
  categoryName: '工程建设',
  stages: [
    { stage: 'entry', stageName: '项目入场', itemId: null },
    { stage: 'bidNotice', stageName: '招标公告', itemId: null },
    { stage: 'bidRegistration', stageName: '投标报名', itemId: null },
    { stage: 'bidOpening', stageName: '开标记录', itemId: 60 },
    { stage: 'bidEvaluation', stageName: '评标结果公示', itemId: null },
    { stage: 'bidResult', stageName: '中标结果公告', itemId: null },
  ],
})

const EVALUATION: StageFacts = {
  stage: 'bidEvaluation',
  method: '综合评估法',
  reportDate: '2026-12-20',
  publicityStart: '2026-12-21',
  publicityEnd: '2026-12-23',
  committeeSize: 7,
  candidates: [
    {
      rank: 1,
      bidder: {
        name: '新疆恒泰水利建设有限公司',
        creditCode: '91650100MA77TXR315',
      },
      price: 18_650_000.5,
      score: 92.35,
    },
    {
      rank: 2,
      bidder: {
        name: '塔河路桥工程有限公司',
        creditCode: '91652800228601234G',
      },
      price: 18_900_000,
      score: 88,
    },
  ],
  rejected: [
    {
      bidder: {
        name: '天山建工集团有限公司',
        creditCode: '91650000710886441X',
      },
      reason: '投标报价高于最高投标限价',
    },
  ],
}

function announcement(
  stage: 'bidOpening' | 'bidEvaluation' | 'bidResult',
  facts: StageFacts | null,
): ContentItemDetail {
  return itemDetail({
    kind: 'announcement',
    fields: announcementFields({
      projectId: 70,
      stage,
      title: '塔里木河干流防洪堤加固工程公告',
      content: '<p>公告正文。</p>',
      facts,
    }),
  })
}

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
    projects: async () => ({ items: [WORKS], total: 1 }),
  }
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <App>
            <ContentEditor
              kind="announcement"
              detail={detail}
              calls={calls}
              project={WORKS}
              onCreated={() => undefined}
            />
          </App>
        ),
      },
    ],
    { initialEntries: ['/admin/content/60'] },
  )
  render(<RouterProvider router={router} />)
  return sent
}

const user = () => userEvent.setup()
const save = () =>
  user().click(screen.getByRole('button', { name: '保存草稿' }))
const factsSwitch = () =>
  screen.getByRole('checkbox', { name: '填写结构化信息' })
const bid = (n: number) => screen.getByRole('group', { name: `第${n}家投标人` })
const savedFacts = (sent: { body: unknown }[]) =>
  (sent[0]!.body as { fields: { facts: unknown } }).fields.facts

async function fillBid(
  n: number,
  values: { name: string; code: string; price: string },
) {
  const row = within(bid(n))
  const u = user()
  await u.type(row.getByLabelText('投标人名称'), values.name)
  await u.type(row.getByLabelText('统一社会信用代码'), values.code)
  await u.type(row.getByLabelText('投标报价（元）'), values.price)
}

describe('the facts of a stage announcement', () => {
  it('sends the bids of a 开标记录 as its facts, one row per bidder', async () => {
    const sent = renderEditor(announcement('bidOpening', null))
    expect(factsSwitch()).toHaveProperty('checked', false)
    expect(screen.queryByRole('button', { name: '添加投标人' })).toBeNull()

    const u = user()
    await u.click(factsSwitch())
    await u.click(screen.getByRole('button', { name: '添加投标人' }))
    await u.click(screen.getByRole('button', { name: '添加投标人' }))
    await fillBid(1, {
      name: '新疆恒泰水利建设有限公司',
      code: '91650100ma77txr315',
      price: '18650000.5',
    })
    await u.type(within(bid(1)).getByLabelText('工期（日历天）'), '365')
    await u.type(within(bid(1)).getByLabelText('质量承诺'), '合格')
    await fillBid(2, {
      name: '塔河路桥工程有限公司',
      code: '91652800228601234G',
      price: '18900000',
    })
    // Not opened: the reason is asked for, in the schema's words, before anything is sent.
    expect(within(bid(2)).queryByLabelText('未开启原因')).toBeNull()
    await u.click(within(bid(2)).getByRole('switch', { name: '是否开启' }))
    await save()
    expect(
      await within(bid(2)).findByText('开标时未开启的投标须写明原因'),
    ).toBeTruthy()
    expect(sent).toEqual([])
    await u.type(
      within(bid(2)).getByLabelText('未开启原因'),
      '投标文件未按要求密封',
    )
    await save()
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(savedFacts(sent)).toEqual({
      stage: 'bidOpening',
      bids: [
        {
          bidder: {
            name: '新疆恒泰水利建设有限公司',
            creditCode: '91650100MA77TXR315',
          },
          price: 18_650_000.5,
          durationDays: 365,
          quality: '合格',
          opened: true,
          rejectionReason: '',
        },
        {
          bidder: {
            name: '塔河路桥工程有限公司',
            creditCode: '91652800228601234G',
          },
          price: 18_900_000,
          durationDays: null,
          quality: '',
          opened: false,
          rejectionReason: '投标文件未按要求密封',
        },
      ],
    })
  })

  it('says which check digit a bidder’s credit code should end with, and sends nothing', async () => {
    const sent = renderEditor(announcement('bidOpening', null))
    const u = user()
    await u.click(factsSwitch())
    await u.click(screen.getByRole('button', { name: '添加投标人' }))
    await fillBid(1, {
      name: '塔河路桥工程有限公司',
      code: '91652800228601234H',
      price: '100',
    })
    await save()
    expect(
      await within(bid(1)).findByText(
        '统一社会信用代码的最后一位校验码应为 G，请核对是否有输错的字符',
      ),
    ).toBeTruthy()
    expect(sent).toEqual([])

    // A row removed takes its problem with it; the focus goes back to the add button.
    await u.click(screen.getByRole('button', { name: '删除第1家投标人' }))
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: '添加投标人' }),
      ),
    )
    await save()
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(savedFacts(sent)).toEqual({ stage: 'bidOpening', bids: [] })
  })

  it('keeps facts given elsewhere when the announcement is edited and saved', async () => {
    const sent = renderEditor(announcement('bidEvaluation', EVALUATION))
    expect(factsSwitch()).toHaveProperty('checked', true)
    expect(
      (screen.getByLabelText('评标委员会人数') as HTMLInputElement).value,
    ).toBe('7')
    const second = within(
      screen.getByRole('group', { name: '第2家中标候选人' }),
    )
    expect((second.getByLabelText('名称') as HTMLInputElement).value).toBe(
      '塔河路桥工程有限公司',
    )
    const u = user()
    await u.type(screen.getByLabelText('标题'), '（更新）')
    await save()
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.body).toMatchObject({
      fields: { title: '塔里木河干流防洪堤加固工程公告（更新）' },
    })
    expect(savedFacts(sent)).toEqual(EVALUATION)
  })

  it('sends no facts once 填写结构化信息 is switched off', async () => {
    const sent = renderEditor(
      announcement('bidResult', {
        stage: 'bidResult',
        winner: {
          name: '新疆恒泰水利建设有限公司',
          creditCode: '91650100MA77TXR315',
        },
        price: 18_650_000.5,
        awardNoticeDate: '2026-12-28',
        contractDate: null,
        contractAmount: null,
      }),
    )
    expect(
      (screen.getByLabelText('中标人名称') as HTMLInputElement).value,
    ).toBe('新疆恒泰水利建设有限公司')
    await user().click(factsSwitch())
    expect(screen.queryByLabelText('中标人名称')).toBeNull()
    await save()
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(savedFacts(sent)).toBeNull()
  })

  it('starts the facts afresh when another stage is chosen', async () => {
    renderEditor(announcement('bidOpening', { stage: 'bidOpening', bids: [] }))
    const u = user()
    await u.click(screen.getByRole('button', { name: '添加投标人' }))
    await u.type(within(bid(1)).getByLabelText('投标人名称'), '塔河路桥')
    await u.click(screen.getByLabelText('交易环节'))
    await u.click(await screen.findByTitle('评标结果公示'))
    expect(factsSwitch()).toHaveProperty('checked', false)
    await u.click(factsSwitch())
    expect(screen.queryByRole('group', { name: '第1家投标人' })).toBeNull()
    expect(screen.getByRole('radiogroup', { name: '评标办法' })).toBeTruthy()
    expect(screen.getByRole('group', { name: '第1家中标候选人' })).toBeTruthy()

    // A stage without facts has no such section.
    await u.click(screen.getByLabelText('交易环节'))
    await u.click(await screen.findByTitle('投标报名'))
    expect(
      screen.queryByRole('checkbox', { name: '填写结构化信息' }),
    ).toBeNull()
  })
})

describe('the facts as a reviewer reads them', () => {
  it('shows each fact with its label, and the candidates and rejected bids as tables', () => {
    render(<RevisionView detail={announcement('bidEvaluation', EVALUATION)} />)
    const section = within(screen.getByRole('region', { name: '结构化信息' }))
    const rowOf = (label: string) =>
      section.getByText(label).closest('tr')?.textContent
    expect(rowOf('评标办法')).toBe('评标办法综合评估法')
    expect(rowOf('公示结束日期')).toBe('公示结束日期2026-12-23')
    expect(rowOf('评标委员会人数')).toBe('评标委员会人数7')
    const candidates = within(
      section.getByRole('region', { name: '中标候选人表格' }),
    )
    expect(
      candidates.getAllByRole('row').map((row) => row.textContent),
    ).toEqual([
      '名次名称统一社会信用代码投标报价（元）评标得分',
      '第1名新疆恒泰水利建设有限公司91650100MA77TXR31518,650,000.5092.35',
      '第2名塔河路桥工程有限公司91652800228601234G18,900,000.0088',
    ])
    expect(
      within(section.getByRole('region', { name: '被否决的投标表格' }))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      '名称统一社会信用代码否决理由',
      '天山建工集团有限公司91650000710886441X投标报价高于最高投标限价',
    ])
  })

  it('says when a stage that has facts has none given', () => {
    render(<RevisionView detail={announcement('bidOpening', null)} />)
    expect(
      within(screen.getByRole('region', { name: '结构化信息' })).getByText(
        '未填写',
      ),
    ).toBeTruthy()
  })
})
