// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { ArticleDetail } from '#common/schemas/article.ts'

import { ArticleView } from './article-view.tsx'

// The attachment list brings the PDF viewer and its worker; these tests are about the text.
vi.mock('#app/components/ui/attachment-list.tsx', () => ({
  AttachmentList: () => null,
}))

afterEach(cleanup)

const notice: ArticleDetail = {
  id: 7,
  title: '关于公布评标专家名单的公告',
  summary: '现将评标专家名单公布如下。',
  source: '自治区水利厅',
  categoryId: 1073,
  categoryName: '通知公告',
  publishTime: '2026-11-02 09:30:00',
  cover: null,
  content: '<p>名单中的汪某某为水利专业评标专家。</p>',
  author: '建设处',
  views: 12,
  files: [],
  prev: null,
  next: null,
}

function show(article: ArticleDetail, kind: 'news' | 'policy' = 'news') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ArticleView
            article={article}
            detailHref={(id) => `/index/newDetail?id=${id}`}
            kind={kind}
          />
        ),
      },
    ],
    { initialEntries: ['/index/newDetail?id=7'] },
  )
  render(<RouterProvider router={router} />)
}

describe('an article page', () => {
  it('says 更正 with the date and the note above the corrected text', () => {
    show({
      ...notice,
      correction: { at: '2026-11-24 15:00:00', note: '更正专家姓名' },
    })
    const note = screen.getByText('更正专家姓名', { exact: false })
    expect(note.textContent).toBe('更正（2026年11月24日）更正专家姓名')
    const body = screen.getByText('名单中的汪某某为水利专业评标专家。')
    expect(
      note.compareDocumentPosition(body) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
  })

  it('shows a policy’s issuing body, number and dates as a table', () => {
    show(
      {
        ...notice,
        categoryId: 928,
        categoryName: '自治区政策法规',
        policy: {
          issuingBody: '新疆维吾尔自治区水利厅',
          documentNumber: '新水规〔2026〕3号',
          issuedDate: '2026-10-08',
          effectiveDate: null,
        },
      },
      'policy',
    )
    const table = screen.getByRole('table', { name: '文件信息' })
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent)
    expect(rows).toEqual([
      '发布机关新疆维吾尔自治区水利厅',
      '文号新水规〔2026〕3号',
      '发布日期2026年10月8日',
    ])
  })

  it('keeps only the title of a withdrawn item and says when and why it was withdrawn', () => {
    show({
      ...notice,
      content: '',
      summary: '',
      withdrawal: { at: '2026-11-20 10:00:00', reason: '该标段已恢复招标。' },
    })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      '关于公布评标专家名单的公告',
    )
    expect(screen.getByText(/^本信息已于/).textContent).toBe(
      '本信息已于2026年11月20日撤回。撤回原因：该标段已恢复招标。',
    )
    expect(screen.queryByText(/浏览次数/)).toBeNull()
    expect(screen.queryByRole('navigation')).toBeNull()
  })
})
