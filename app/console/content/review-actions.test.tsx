// @vitest-environment jsdom
import { App } from 'antd'
import {
  cleanup,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import dayjs from 'dayjs'
import { afterEach, describe, expect, it } from 'vitest'

import '#tests/jsdom-shims.ts'

import { CONTENT_REFUSALS } from '#common/constants/content.ts'
import type { ContentItemDetail } from '#common/schemas/content/workflow.ts'
import { articleDetail, policyDetail } from '#tests/content-fixtures.ts'

import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import { ReviewActions } from './review-actions.tsx'
import { portalNow } from './schedule-time.ts'

afterEach(cleanup)

type Sent = { call: string; body: unknown }

function renderActions(detail: ContentItemDetail, refusal?: StaffApiError) {
  const sent: Sent[] = []
  const answer = async (call: string, body: unknown) => {
    sent.push({ call, body })
    if (refusal) throw refusal
    return {}
  }
  render(
    <App>
      <ReviewActions
        detail={detail}
        calls={{
          approve: (_id, base, publishAt) =>
            answer('approve', { base, publishAt }),
          returnRevision: (_id, base, comment) =>
            answer('return', { base, comment }),
          change: (_id, action, base) => answer(action, { base }),
          withdraw: (_id, reason) => answer('withdraw', { reason }),
        }}
      />
    </App>,
  )
  return sent
}

const buttonNames = () =>
  screen.getAllByRole('button').map((button) => button.textContent)

describe('the reviewer’s actions', () => {
  it('offers only what the detail allows', () => {
    renderActions(policyDetail())
    expect(buttonNames()).toEqual(['通过并立即发布', '定时发布', '退回'])
    cleanup()
    renderActions(
      articleDetail({
        itemState: 'published',
        working: { state: 'scheduled', publishAt: '2026-12-01 09:00:00' },
        allowedActions: ['cancel-schedule', 'withdraw'],
      }),
    )
    expect(buttonNames()).toEqual(['取消定时', '撤回'])
    cleanup()
    renderActions(articleDetail({ allowedActions: ['save', 'submit'] }))
    expect(screen.queryByRole('heading', { name: '审核操作' })).toBeNull()
  })

  it('asks before publishing, and sends the revision it was based on', async () => {
    const user = userEvent.setup()
    const sent = renderActions(policyDetail({ working: { version: 4 } }))
    await user.click(screen.getByRole('button', { name: '通过并立即发布' }))
    const dialog = await screen.findByRole('dialog', {
      name: '通过并立即发布',
    })
    expect(dialog.textContent).toContain(
      '修订 1 将通过审核并立即在公开页面发布',
    )
    expect(sent).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: '确认发布' }))
    await waitFor(() =>
      expect(sent).toEqual([
        {
          call: 'approve',
          body: { base: { revisionNo: 1, version: 4 }, publishAt: undefined },
        },
      ]),
    )
  })

  it('needs a comment to return a revision, and keeps it when the server refuses', async () => {
    const user = userEvent.setup()
    const sent = renderActions(
      policyDetail(),
      new StaffApiError(409, CONTENT_REFUSALS.alreadyReviewed),
    )
    await user.click(screen.getByRole('button', { name: '退回' }))
    const dialog = await screen.findByRole('dialog', { name: '退回修改' })
    await user.click(within(dialog).getByRole('button', { name: '确认退回' }))
    expect(await within(dialog).findByText('请填写退回意见')).toBeTruthy()
    expect(sent).toEqual([])
    await user.type(within(dialog).getByLabelText('退回意见'), '请补充文号')
    await user.click(within(dialog).getByRole('button', { name: '确认退回' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      '该修订已被他人审核',
    )
    expect(sent).toEqual([
      {
        call: 'return',
        body: { base: { revisionNo: 1, version: 1 }, comment: '请补充文号' },
      },
    ])
    expect(
      (within(dialog).getByLabelText('退回意见') as HTMLTextAreaElement).value,
    ).toBe('请补充文号')
  })

  it('needs a reason to withdraw a published item', async () => {
    const user = userEvent.setup()
    const sent = renderActions(
      articleDetail({
        itemState: 'published',
        working: { state: 'published', publishedAt: '2026-11-21 09:00:00' },
        allowedActions: ['withdraw'],
      }),
    )
    await user.click(screen.getByRole('button', { name: '撤回' }))
    const dialog = await screen.findByRole('dialog', { name: '撤回已发布内容' })
    await user.click(within(dialog).getByRole('button', { name: '确认撤回' }))
    expect(await within(dialog).findByText('请填写撤回原因')).toBeTruthy()
    await user.type(within(dialog).getByLabelText('撤回原因'), '   ')
    await user.click(within(dialog).getByRole('button', { name: '确认撤回' }))
    expect(await within(dialog).findByText('请填写撤回原因')).toBeTruthy()
    await user.type(within(dialog).getByLabelText('撤回原因'), '检查已结束')
    await user.click(within(dialog).getByRole('button', { name: '确认撤回' }))
    await waitFor(() =>
      expect(sent).toEqual([
        { call: 'withdraw', body: { reason: '   检查已结束' } },
      ]),
    )
  })

  it('refuses a past time for a scheduled publication before sending it', async () => {
    const user = userEvent.setup()
    const sent = renderActions(policyDetail())
    const minuteOf = () => portalNow().slice(0, 16).replace(' ', 'T')
    const opened = minuteOf()
    await user.click(screen.getByRole('button', { name: '定时发布' }))
    const dialog = await screen.findByRole('dialog', { name: '定时发布' })
    await user.click(
      within(dialog).getByRole('button', { name: '确认定时发布' }),
    )
    expect(await within(dialog).findByText('请选择发布时间')).toBeTruthy()
    const field = within(dialog).getByLabelText('发布时间') as HTMLInputElement
    expect(field.type).toBe('datetime-local')
    // The browser's own field offers nothing before this minute.
    const today = portalNow().slice(0, 10)
    expect(field.min >= opened && field.min <= minuteOf()).toBe(true)
    // An earlier hour of today, typed or pasted in all the same, is refused.
    fireEvent.change(field, { target: { value: `${today}T00:00` } })
    await user.click(
      within(dialog).getByRole('button', { name: '确认定时发布' }),
    )
    expect(
      await within(dialog).findByText(CONTENT_REFUSALS.pastSchedule),
    ).toBeTruthy()
    expect(sent).toEqual([])

    const tomorrow = dayjs(today).add(1, 'day').format('YYYY-MM-DD')
    fireEvent.change(field, { target: { value: `${tomorrow}T09:30` } })
    await user.click(
      within(dialog).getByRole('button', { name: '确认定时发布' }),
    )
    await waitFor(() =>
      expect(sent).toEqual([
        {
          call: 'approve',
          body: {
            base: { revisionNo: 1, version: 1 },
            publishAt: `${tomorrow} 09:30:00`,
          },
        },
      ]),
    )
  })
})
