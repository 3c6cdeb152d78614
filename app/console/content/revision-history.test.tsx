// @vitest-environment jsdom
import {
  cleanup,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'

import '#tests/jsdom-shims.ts'

import type { RevisionDiff } from '#common/schemas/content/workflow.ts'
import { revisionSummary } from '#tests/content-fixtures.ts'

import { RevisionHistory } from './revision-history.tsx'

afterEach(cleanup)

const HISTORY = [
  revisionSummary({
    revisionNo: 3,
    state: 'submitted',
    isCorrection: true,
    correctionNote: '更正检查时间',
    createdAt: '2026-11-22 08:00:00',
    updatedAt: '2026-11-22 08:15:00',
    editedAt: '2026-11-22 08:10:00',
    submittedAt: '2026-11-22 08:15:00',
  }),
  revisionSummary({
    revisionNo: 2,
    state: 'published',
    createdAt: '2026-11-20 11:00:00',
    updatedAt: '2026-11-21 09:00:00',
    editedAt: '2026-11-20 11:20:00',
    submittedAt: '2026-11-20 11:30:00',
    reviewerName: '赵审核',
    reviewedAt: '2026-11-20 14:00:00',
    publishAt: '2026-11-21 09:00:00',
    publishedAt: '2026-11-21 09:00:00',
    publisherName: '赵审核',
    reviews: [
      {
        outcome: 'returned',
        reviewerName: '赵审核',
        comment: '请补充检查范围',
        publishAt: null,
        at: '2026-11-20 13:00:00',
      },
      {
        outcome: 'scheduled',
        reviewerName: '赵审核',
        comment: null,
        publishAt: '2026-11-21 09:00:00',
        at: '2026-11-20 14:00:00',
      },
    ],
  }),
  revisionSummary({
    revisionNo: 1,
    state: 'returned',
    submittedAt: '2026-11-20 10:00:00',
    reviewerName: '赵审核',
    reviewedAt: '2026-11-20 10:40:00',
    reviewComment: '请补充检查时间',
    reviews: [
      {
        outcome: 'returned',
        reviewerName: '赵审核',
        comment: '请补充检查时间',
        publishAt: null,
        at: '2026-11-20 10:40:00',
      },
    ],
  }),
]

const DIFF: RevisionDiff = {
  from: 1,
  to: 3,
  fields: [
    {
      field: 'title',
      label: '标题',
      changed: false,
      parts: [{ value: '专项检查通知', added: false, removed: false }],
    },
    {
      field: 'content',
      label: '正文',
      changed: true,
      parts: [
        { value: '检查时间为', added: false, removed: false },
        { value: '12月1日', added: false, removed: true },
        { value: '12月8日', added: true, removed: false },
        { value: '。', added: false, removed: false },
      ],
    },
  ],
}

describe('the revision history', () => {
  it('lists every revision newest first, with who wrote, reviewed and published it and when', () => {
    render(
      <RevisionHistory
        itemId={41}
        history={HISTORY}
        loadDiff={async () => DIFF}
      />,
    )
    const revisions = within(screen.getByRole('list')).getAllByRole('listitem')
    expect(revisions.map((item) => item.textContent?.slice(0, 9))).toEqual([
      '比较修订 3待审核',
      '比较修订 2已发布',
      '比较修订 1已退回',
    ])
    // Each review in turn: the return before the fix stays beside the approval after it.
    const published = within(revisions[1]!)
    expect(published.getByText('退回').nextSibling?.textContent).toBe(
      '赵审核，2026-11-20 13:00，意见：请补充检查范围',
    )
    expect(published.getByText('通过，定时发布').nextSibling?.textContent).toBe(
      '赵审核，2026-11-20 14:00，定于 2026-11-21 09:00 发布',
    )
    expect(published.getByText('发布').nextSibling?.textContent).toBe(
      '赵审核，2026-11-21 09:00',
    )
    // Saved last before it was submitted: publishing it does not move 最后保存于.
    expect(published.getByText(/最后保存于/).textContent).toBe(
      '王编辑，创建于 2026-11-20 11:00，最后保存于 2026-11-20 11:20',
    )
    expect(
      within(revisions[2]!).getByText('退回').nextSibling?.textContent,
    ).toBe('赵审核，2026-11-20 10:40，意见：请补充检查时间')
    expect(within(revisions[0]!).getByText('更正')).toBeTruthy()
    expect(within(revisions[0]!).getByText('更正检查时间')).toBeTruthy()
    expect(
      within(revisions[1]!)
        .getByRole('link', { name: /预览修订 2/ })
        .getAttribute('href'),
    ).toBe('/admin/content/41/preview/2')
  })

  it('shows the difference of the two revisions chosen, older first, marked in words as well as colour', async () => {
    const user = userEvent.setup()
    const asked: [number, number][] = []
    render(
      <RevisionHistory
        itemId={41}
        history={HISTORY}
        loadDiff={async (from, to) => {
          asked.push([from, to])
          return DIFF
        }}
      />,
    )
    const compare = screen.getByRole('button', { name: '比较所选修订' })
    expect(compare.hasAttribute('disabled')).toBe(true)
    await user.click(screen.getByRole('checkbox', { name: '比较修订 3' }))
    await user.click(screen.getByRole('checkbox', { name: '比较修订 1' }))
    await user.click(compare)
    const diff = await screen.findByRole('region', {
      name: '修订 1 与修订 3 的差异',
    })
    expect(asked).toEqual([[1, 3]])
    const removed = within(diff).getByText('12月1日', { selector: 'del' })
    expect(removed.textContent).toBe('［删除］12月1日［删除结束］')
    const added = within(diff).getByText('12月8日', { selector: 'ins' })
    expect(added.textContent).toBe('［新增］12月8日［新增结束］')
    expect(within(diff).getByRole('heading', { name: '正文' })).toBeTruthy()
    expect(within(diff).getByText('未改动：标题')).toBeTruthy()
    // A third choice replaces the oldest of the two.
    await user.click(screen.getByRole('checkbox', { name: '比较修订 2' }))
    expect(
      screen
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked)
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['比较修订 2', '比较修订 1'])
  })

  it('shows why a difference could not be read', async () => {
    const user = userEvent.setup()
    render(
      <RevisionHistory
        itemId={41}
        history={HISTORY}
        loadDiff={async () => {
          throw new Error('修订不存在')
        }}
      />,
    )
    await user.click(screen.getByRole('checkbox', { name: '比较修订 2' }))
    await user.click(screen.getByRole('checkbox', { name: '比较修订 1' }))
    await user.click(screen.getByRole('button', { name: '比较所选修订' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('修订不存在'),
    )
  })
})
