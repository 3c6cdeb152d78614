// @vitest-environment jsdom
import {
  cleanup,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import '#tests/jsdom-shims.ts'

import type { StaffRole } from '#common/constants/staff.ts'

import { FeedbackReplies } from './feedback-replies.tsx'

afterEach(cleanup)

const waiting = {
  id: 7,
  complaintId: null,
  name: '王小明',
  phone: '13712345678',
  title: '关于处理结果公开的建议',
  content: '建议注明重新评审的完成时间。',
  createdAt: '2026-11-05 09:00:00',
  reply: null,
  repliedAt: null,
  isPublic: 0,
  isPublicationRequested: 0,
  replierId: null,
  replierName: null,
  approverName: null,
  approvedAt: null,
}
const answered = {
  ...waiting,
  id: 8,
  title: '咨询投诉期限',
  reply: '投诉应在知道之日起十日内提出。',
  repliedAt: '2026-11-05 10:00:00',
  isPublic: 1,
  replierId: 5,
  replierName: '马文',
}
// Answered by 马文 for the public page, waiting for a second person.
const pending = {
  ...waiting,
  id: 9,
  title: '咨询投诉材料',
  reply: '投诉材料可在线提交。',
  repliedAt: '2026-11-05 11:00:00',
  isPublicationRequested: 1,
  replierId: 5,
  replierName: '马文',
}

function renderReplies(
  roles: StaffRole[],
  reply: (id: number, body: object) => Promise<unknown>,
  {
    accountId = 6,
    approve = async () => undefined,
  }: {
    accountId?: number
    approve?: (id: number) => Promise<unknown>
  } = {},
) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/feedback',
        element: (
          <FeedbackReplies
            items={[waiting, answered, pending]}
            total={12}
            pageSize={10}
            roles={roles}
            accountId={accountId}
            reply={reply}
            approve={approve}
          />
        ),
      },
    ],
    { initialEntries: ['/admin/feedback'] },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('feedback replies', () => {
  it('shows each message in full, answered or waiting, and pages through the URL', async () => {
    const router = renderReplies(['投诉负责人'], async () => undefined)
    const first = screen.getByRole('article', {
      name: /关于处理结果公开的建议/,
    })
    expect(within(first).getByText('待答复')).toBeTruthy()
    expect(within(first).getByText(/13712345678/)).toBeTruthy()
    const second = screen.getByRole('article', { name: /咨询投诉期限/ })
    expect(within(second).getByText('已答复 · 已公开')).toBeTruthy()
    // Replying is 投诉处理's: the head reads only.
    expect(screen.queryByRole('button', { name: '提交答复' })).toBeNull()
    await userEvent.click(screen.getByRole('listitem', { name: '2' }))
    expect(router.state.location.search).toBe('?page=2')
  })

  it('answers a message, and keeps the answer typed when the server refuses', async () => {
    const sent: unknown[] = []
    let refusal: string | null = '该留言不存在'
    renderReplies(['投诉处理'], async (id, body) => {
      sent.push({ id, body })
      if (refusal) throw new Error(refusal)
    })
    const first = screen.getByRole('article', {
      name: /关于处理结果公开的建议/,
    })
    const answer = within(first).getByLabelText('答复内容')
    await userEvent.type(answer, '感谢')
    await userEvent.click(
      within(first).getByRole('button', { name: '提交答复' }),
    )
    expect(await within(first).findByText('答复内容不能少于5个字')).toBeTruthy()
    await userEvent.type(answer, '建议，已在后续公开中注明。')
    await userEvent.click(
      within(first).getByRole('button', { name: '提交答复' }),
    )
    expect((await within(first).findByRole('alert')).textContent).toContain(
      '该留言不存在',
    )
    expect((answer as HTMLTextAreaElement).value).toBe(
      '感谢建议，已在后续公开中注明。',
    )
    refusal = null
    await userEvent.click(
      within(first).getByRole('button', { name: '提交答复' }),
    )
    await waitFor(() =>
      expect(within(first).getByText('已答复 · 待核准公开')).toBeTruthy(),
    )
    expect(
      within(first).getByText(
        '答复须由另一位工作人员核准后才在“意见反馈”页面公开。',
      ),
    ).toBeTruthy()
    expect(sent.at(-1)).toEqual({
      id: 7,
      body: { reply: '感谢建议，已在后续公开中注明。', isPublic: true },
    })
  })

  it('lets a second person, not the replier, put a waiting reply on the public page; a public one is not changed', async () => {
    const approved: number[] = []
    renderReplies(['投诉处理'], async () => undefined, {
      approve: async (id) => {
        approved.push(id)
      },
    })
    const waitingReply = screen.getByRole('article', { name: /咨询投诉材料/ })
    expect(within(waitingReply).getByText('已答复 · 待核准公开')).toBeTruthy()
    expect(within(waitingReply).getByText(/（马文）/)).toBeTruthy()
    await userEvent.click(
      within(waitingReply).getByRole('button', { name: '核准公开' }),
    )
    await waitFor(() => expect(approved).toEqual([9]))
    expect(within(waitingReply).getByText('已答复 · 已公开')).toBeTruthy()
    // Public: no more changes.
    const published = screen.getByRole('article', { name: /咨询投诉期限/ })
    expect(
      within(published).queryByRole('button', { name: '修改答复' }),
    ).toBeNull()
  })

  it('does not offer the replier the approval of their own reply', () => {
    renderReplies(['投诉处理'], async () => undefined, { accountId: 5 })
    const waitingReply = screen.getByRole('article', { name: /咨询投诉材料/ })
    expect(
      within(waitingReply).queryByRole('button', { name: '核准公开' }),
    ).toBeNull()
    expect(
      within(waitingReply).getByText(
        '答复须由另一位工作人员核准后才在“意见反馈”页面公开。',
      ),
    ).toBeTruthy()
  })
})
