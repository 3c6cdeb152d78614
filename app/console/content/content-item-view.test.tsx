// @vitest-environment jsdom
import { App } from 'antd'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import '#tests/jsdom-shims.ts'

import type {
  ContentItemDetail,
  ProjectChoice,
} from '#common/schemas/content/workflow.ts'
import {
  announcementFields,
  articleDetail,
  articleFields,
  fileId,
  itemDetail,
  linkageFields,
  policyDetail,
  projectChoice,
  projectFields,
  revisionSummary,
} from '#tests/content-fixtures.ts'

import type { ContentApi } from './content-api.ts'
import { ContentItemView } from './content-item-view.tsx'

// The editor's body field is TinyMCE, which has its own tests: a plain field here.
vi.mock('#app/components/ui/rich-text-editor.tsx', () => ({
  RichTextEditor: ({ id, ariaLabel }: { id?: string; ariaLabel: string }) => (
    <textarea id={id} aria-label={ariaLabel} />
  ),
}))

afterEach(cleanup)

function renderItem(
  detail: ContentItemDetail,
  { project = null, canCreate = false, calls = {} as ContentApi } = {} as {
    project?: ProjectChoice | null
    canCreate?: boolean
    calls?: ContentApi
  },
) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/content/:id',
        element: (
          <App>
            <ContentItemView
              detail={detail}
              calls={calls}
              project={project}
              canCreate={canCreate}
            />
          </App>
        ),
      },
    ],
    { initialEntries: [`/admin/content/${detail.id}`] },
  )
  render(<RouterProvider router={router} />)
}

describe('an item in the console', () => {
  it('shows a reviewer the revision read, not edited, with its files and the actions allowed', () => {
    renderItem(
      policyDetail({
        fields: { attachments: [fileId(1)] },
        files: [
          {
            id: fileId(1),
            name: '管理办法全文.pdf',
            size: 1024,
            mime: 'application/pdf',
            url: `/files/${fileId(1)}/管理办法全文.pdf`,
          },
        ],
      }),
    )
    expect(screen.queryByRole('textbox')).toBeNull()
    const view = screen.getByRole('region', { name: '修订 1 的内容' })
    expect(within(view).getByText('新水规〔2026〕3号')).toBeTruthy()
    expect(within(view).getByText('2026-11-01')).toBeTruthy()
    expect(
      within(view)
        .getByRole('link', { name: '管理办法全文.pdf' })
        .getAttribute('href'),
    ).toBe(`/files/${fileId(1)}/管理办法全文.pdf`)
    expect(within(view).getByText(/第一条 为规范水利工程建设项目/)).toBeTruthy()
    expect(
      within(screen.getByRole('region', { name: '审核操作' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['通过并立即发布', '定时发布', '退回'])
    const status = screen.getByRole('region', { name: '状态' })
    const preview = within(status).getByRole('link', { name: /预览修订 1/ })
    expect(preview.getAttribute('href')).toBe('/admin/content/52/preview/1')
    expect(preview.getAttribute('target')).toBe('_blank')
  })

  it('gives an editor the form, and says why a revision came back', () => {
    renderItem(
      articleDetail({
        working: {
          state: 'returned',
          reviewerName: '赵审核',
          reviewedAt: '2026-11-20 10:40:00',
          reviewComment: '请补充检查时间',
        },
      }),
    )
    expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe(
      '关于开展2026年度水利工程招标投标专项检查的通知',
    )
    expect(screen.getByText('赵审核退回了修订 1')).toBeTruthy()
    expect(screen.getByText('退回意见：请补充检查时间')).toBeTruthy()
    expect(screen.queryByRole('region', { name: '审核操作' })).toBeNull()
  })

  it('takes an older revision’s text into the editor as the new draft, saved only when the editor saves', async () => {
    const older = revisionSummary({ revisionNo: 1, state: 'superseded' })
    const detail = articleDetail({
      working: { revisionNo: 2, state: 'draft' },
      history: [revisionSummary({ revisionNo: 2 }), older],
    })
    const asked: number[] = []
    const calls = {
      revision: async (_id: number, revisionNo: number) => {
        asked.push(revisionNo)
        return {
          ...older,
          kind: 'article',
          fields: articleFields({ title: '关于开展水库汛前安全检查的通知' }),
        }
      },
    } as unknown as ContentApi
    renderItem(detail, { calls })
    const history = screen.getByRole('region', { name: /修订记录/ })
    // Only the other revisions: the one being edited is already in the form.
    expect(
      within(history).getAllByRole('button', { name: /以此修订内容编辑/ }),
    ).toHaveLength(1)
    await userEvent.click(
      within(history).getByRole('button', {
        name: /以此修订内容编辑（修订 1）/,
      }),
    )
    expect(await screen.findByText('已载入修订 1 的内容')).toBeTruthy()
    expect(asked).toEqual([1])
    expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe(
      '关于开展水库汛前安全检查的通知',
    )
  })

  it('links a published item to its public page, and says when and why it was withdrawn', () => {
    renderItem(
      articleDetail({
        itemState: 'published',
        publicPath: '/index/newDetail?id=41',
        publishedRevisionNo: 1,
        working: { state: 'published', publishedAt: '2026-11-21 09:00:00' },
        allowedActions: ['withdraw'],
      }),
    )
    const status = screen.getByRole('region', { name: '状态' })
    expect(
      within(status)
        .getByRole('link', { name: /查看公开页面/ })
        .getAttribute('href'),
    ).toBe('/index/newDetail?id=41')
    expect(
      within(status)
        .getByText('发布状态')
        .nextElementSibling?.textContent?.startsWith('已发布'),
    ).toBe(true)
    cleanup()
    renderItem(
      articleDetail({
        itemState: 'withdrawn',
        publicPath: '/index/newDetail?id=41',
        publishedRevisionNo: null,
        withdrawal: {
          reason: '检查已结束',
          at: '2026-11-25 08:00:00',
          byName: '赵审核',
        },
        working: { state: 'superseded' },
        history: [revisionSummary({ state: 'superseded' })],
        allowedActions: ['save'],
      }),
    )
    expect(screen.queryByRole('link', { name: /查看公开页面/ })).toBeNull()
    expect(
      screen.getByText('已于 2026-11-25 08:00 由 赵审核 撤回'),
    ).toBeTruthy()
    expect(
      screen.getByText('撤回原因：检查已结束（公开页面显示此原因）'),
    ).toBeTruthy()
  })

  it('reads a project to its reviewer, and offers its editor each stage’s announcement or a new one', () => {
    const submitted = revisionSummary({
      state: 'submitted',
      submittedAt: '2026-11-20 10:00:00',
    })
    const published = {
      id: 60,
      itemState: 'published' as const,
      publishedRevisionNo: 1,
      publicPath: '/business/detail?id=69',
    }
    renderItem(
      itemDetail(
        { kind: 'project', fields: projectFields() },
        { ...published, working: submitted, allowedActions: ['approve'] },
      ),
      { project: projectChoice() },
    )
    const status = screen.getByRole('region', { name: '状态' })
    expect(within(status).getByText('项目 · 政府采购')).toBeTruthy()
    const view = screen.getByRole('region', { name: '修订 1 的内容' })
    expect(within(view).getByText('政府采购 / 货物')).toBeTruthy()
    // The party as the category names it; the tender's dates to the minute.
    expect(within(view).getByText('采购人')).toBeTruthy()
    expect(within(view).getByText('2026-12-25 09:30')).toBeTruthy()
    expect(within(view).getByText('1286.50')).toBeTruthy()
    const stages = screen.getByRole('region', { name: '阶段公告与联动监管' })
    expect(
      within(stages)
        .getByRole('link', { name: '查看公告（内容编号 61）' })
        .getAttribute('href'),
    ).toBe('/admin/content/61')
    // A reviewer writes nothing: no new announcement offered.
    expect(within(stages).queryByRole('link', { name: /新建/ })).toBeNull()
    expect(within(stages).getAllByText('尚无公告')).toHaveLength(2)
    cleanup()

    renderItem(
      itemDetail(
        { kind: 'project', fields: projectFields() },
        { ...published, working: revisionSummary({ revisionNo: 2 }) },
      ),
      { project: projectChoice(), canCreate: true },
    )
    const offered = screen.getByRole('region', { name: '阶段公告与联动监管' })
    expect(
      within(offered)
        .getAllByRole('link', { name: /新建/ })
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/admin/content/new?kind=announcement&project=60&stage=procurementNotice',
      '/admin/content/new?kind=announcement&project=60&stage=procurementResult',
      '/admin/content/new?kind=linkage&project=60',
    ])
  })

  it('names the project an announcement or record belongs to, linked to its item', () => {
    const reading = {
      working: revisionSummary({ state: 'submitted' }),
      allowedActions: ['approve' as const],
    }
    renderItem(
      itemDetail(
        { kind: 'announcement', fields: announcementFields() },
        reading,
      ),
      { project: projectChoice() },
    )
    expect(
      within(screen.getByRole('region', { name: '状态' })).getByText(
        '阶段公告 · 采购公告',
      ),
    ).toBeTruthy()
    const view = screen.getByRole('region', { name: '修订 1 的内容' })
    expect(
      within(view)
        .getByRole('link', {
          name: '塔里木河下游生态输水闸站自动化设备采购项目（TLMH-CG-2026-0118）· 政府采购',
        })
        .getAttribute('href'),
    ).toBe('/admin/content/60')
    expect(within(view).getByText('采购公告')).toBeTruthy()
    cleanup()

    // The project could not be read: named by its public id.
    renderItem(
      itemDetail({ kind: 'linkage', fields: linkageFields() }, reading),
    )
    const record = screen.getByRole('region', { name: '修订 1 的内容' })
    expect(within(record).getByText('公开编号为 69 的项目')).toBeTruthy()
    expect(within(record).getByText('已整改')).toBeTruthy()
    expect(within(record).getByText('整改情况')).toBeTruthy()
    expect(
      within(screen.getByRole('region', { name: '状态' })).getByText(
        '联动监管记录 · 已整改',
      ),
    ).toBeTruthy()
  })
})
