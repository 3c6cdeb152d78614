// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'

import { MSG_NOTICE_READ } from '#common/messages.ts'

import {
  ComplaintNoticeProvider,
  hasReadComplaintNotice,
  useComplaintNotice,
} from './complaint-notice.tsx'

afterEach(() => {
  cleanup()
  sessionStorage.clear()
})

function FileButton({ log }: { log: string[] }) {
  const { openNotice } = useComplaintNotice()
  return (
    <button
      type="button"
      onClick={() =>
        openNotice({
          onConfirm: () => log.push('confirmed'),
          onCancel: () => log.push('cancelled'),
        })
      }
    >
      我要投诉
    </button>
  )
}

function renderWithNotice(log: string[]) {
  render(
    <ComplaintNoticeProvider>
      <FileButton log={log} />
    </ComplaintNoticeProvider>,
  )
}

describe('complaint notice (spec §4)', () => {
  it('keeps confirm disabled until 我已阅读以上内容 is ticked, then runs the filing step', async () => {
    const log: string[] = []
    const user = userEvent.setup()
    renderWithNotice(log)
    await user.click(screen.getByRole('button', { name: '我要投诉' }))
    const dialog = await screen.findByRole('dialog', { name: '投诉须知' })
    expect(dialog.textContent).toContain('10日内提出投诉')
    expect(dialog.textContent).toContain('电子印章')
    const confirm = screen.getByRole('button', { name: '确定' })
    expect((confirm as HTMLButtonElement).disabled).toBe(true)
    await user.click(screen.getByRole('checkbox', { name: MSG_NOTICE_READ }))
    expect((confirm as HTMLButtonElement).disabled).toBe(false)
    await user.click(confirm)
    expect(log).toEqual(['confirmed'])
    expect(hasReadComplaintNotice()).toBe(true)
  })

  it('has no close icon and stays open on a click outside or Escape', async () => {
    const log: string[] = []
    const user = userEvent.setup()
    renderWithNotice(log)
    await user.click(screen.getByRole('button', { name: '我要投诉' }))
    await screen.findByRole('dialog', { name: '投诉须知' })
    expect(screen.queryByRole('button', { name: /close|关闭/i })).toBeNull()
    await user.click(document.querySelector('.ant-modal-wrap') as HTMLElement)
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: '投诉须知' })).toBeTruthy()
    await user.click(screen.getByRole('link', { name: '暂不投诉' }))
    expect(log).toEqual(['cancelled'])
    expect(hasReadComplaintNotice()).toBe(false)
  })

  it('asks again for the tick each time it opens', async () => {
    const user = userEvent.setup()
    renderWithNotice([])
    await user.click(screen.getByRole('button', { name: '我要投诉' }))
    await user.click(
      await screen.findByRole('checkbox', { name: MSG_NOTICE_READ }),
    )
    await user.click(screen.getByRole('link', { name: '暂不投诉' }))
    await user.click(screen.getByRole('button', { name: '我要投诉' }))
    const box = await screen.findByRole('checkbox', { name: MSG_NOTICE_READ })
    expect((box as HTMLInputElement).checked).toBe(false)
  })
})
