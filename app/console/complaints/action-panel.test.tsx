// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import '#tests/jsdom-shims.ts'

import type { StaffRole } from '#common/constants/staff.ts'
import type {
  DecisionDraft,
  StaffAction,
} from '#common/schemas/complaint/complaint-staff.ts'

import { ActionPanel } from './action-panel.tsx'

const DRAFT: DecisionDraft = {
  conclusion: null,
  findings: '一、投诉人就评标结果提出投诉。\n二、【待填写：调查认定的事实】',
  basis: '《工程建设项目招标投标活动投诉处理办法》第二十条',
  decision: '【待填写：处理决定】',
  personalNames: [],
}

type Calls = { action: StaffAction; body: Record<string, unknown> }[]

function renderPanel(
  options: {
    roles?: StaffRole[]
    available?: StaffAction[]
    refuseWith?: string
  } = {},
) {
  const calls: Calls = []
  const previews: Record<string, unknown>[] = []
  const act = vi.fn(
    async (action: StaffAction, body: Record<string, unknown>) => {
      calls.push({ action, body })
      if (options.refuseWith) throw new Error(options.refuseWith)
    },
  )
  render(
    <ActionPanel
      availableActions={
        options.available ?? [
          'request-material',
          'resume-activity',
          'extend',
          'decide',
        ]
      }
      roles={options.roles ?? ['投诉处理', '投诉负责人']}
      act={act}
      loadDecisionDraft={async () => DRAFT}
      previewDecision={async (body) => {
        previews.push(body)
        return new Blob(['%PDF-1.7 draft'], { type: 'application/pdf' })
      }}
    />,
  )
  return { calls, previews, act }
}

const user = () => userEvent.setup()

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the actions on a complaint', () => {
  it('offers only what the state allows and the person’s role takes', () => {
    renderPanel({ roles: ['投诉处理'] })
    expect(
      screen.getAllByRole('button').map((button) => button.textContent),
    ).toEqual(['要求补正材料', '恢复招标投标活动'])
    expect(
      screen.getByText('其他可办理的操作需要“投诉负责人”角色。'),
    ).toBeTruthy()
  })

  it('checks the form as the server does and sends a reversible action at once', async () => {
    const u = user()
    const { calls } = renderPanel()
    await u.click(screen.getByRole('button', { name: '恢复招标投标活动' }))
    await u.click(screen.getByRole('button', { name: '提交恢复招标投标活动' }))
    expect(await screen.findByText('请填写恢复理由')).toBeTruthy()
    await u.type(screen.getByLabelText('恢复理由'), '短')
    expect(await screen.findByText('恢复理由不能少于5个字')).toBeTruthy()
    await u.type(screen.getByLabelText('恢复理由'), '经核查可以恢复。')
    await u.click(screen.getByRole('button', { name: '提交恢复招标投标活动' }))
    await waitFor(() =>
      expect(calls).toEqual([
        {
          action: 'resume-activity',
          body: { reason: '短经核查可以恢复。' },
        },
      ]),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('says under each note who reads it, and sends the two apart', async () => {
    const u = user()
    const { calls } = renderPanel({ available: ['sign'] })
    await u.click(screen.getByRole('button', { name: '签收' }))
    const told = screen.getByLabelText('告知投诉人')
    const internal = screen.getByLabelText('内部意见')
    expect(
      screen.getByText(
        '投诉人在投诉查询页面的办理经过中看到这段话，原文显示；不填则显示标准说明。',
      ),
    ).toBeTruthy()
    expect(
      screen.getByText('仅本部门工作人员在工作台可见，不告知投诉人。'),
    ).toBeTruthy()
    await u.type(told, '已签收，正在审查。')
    await u.type(internal, '请马文承办。')
    await u.click(screen.getByRole('button', { name: '提交签收' }))
    await waitFor(() =>
      expect(calls).toEqual([
        {
          action: 'sign',
          body: { note: '已签收，正在审查。', internalNote: '请马文承办。' },
        },
      ]),
    )
  })

  it('asks again before an irreversible action, and shows a refusal without losing what was typed', async () => {
    const u = user()
    const refusal = '投诉刚刚已被办理，请刷新后查看最新状态'
    const { calls } = renderPanel({ refuseWith: refusal })
    await u.click(screen.getByRole('button', { name: '要求补正材料' }))
    const items = screen.getByLabelText('需补正的材料')
    await u.type(items, '请补充业绩合同复印件。')
    await u.click(screen.getByRole('button', { name: '下一步' }))
    expect(screen.getByText('确认要求补正材料？')).toBeTruthy()
    expect(calls).toEqual([])
    await u.click(screen.getByRole('button', { name: '确认要求补正材料' }))
    expect((await screen.findByRole('alert')).textContent).toContain(refusal)
    expect(calls).toEqual([
      {
        action: 'request-material',
        body: { items: '请补充业绩合同复印件。', workdays: 5 },
      },
    ])
    expect(
      (screen.getByLabelText('需补正的材料') as HTMLTextAreaElement).value,
    ).toBe('请补充业绩合同复印件。')
    // Closed and opened again, the text is still there.
    await u.click(screen.getByRole('button', { name: '取消' }))
    await u.click(screen.getByRole('button', { name: '要求补正材料' }))
    expect(
      (screen.getByLabelText('需补正的材料') as HTMLTextAreaElement).value,
    ).toBe('请补充业绩合同复印件。')
  })

  describe('the decision', () => {
    beforeEach(() => {
      // jsdom has no object URLs; the viewer reads the held bytes, not the URL.
      Object.assign(URL, {
        createObjectURL: vi.fn(() => 'blob:http://localhost/draft'),
        revokeObjectURL: vi.fn(),
      })
    })

    it('starts from the draft, previews before 签发, and asks for a new preview after an edit', async () => {
      const u = user()
      const { calls, previews } = renderPanel()
      await u.click(screen.getByRole('button', { name: '作出处理决定' }))
      const findings = (await screen.findByLabelText(
        '调查认定的事实',
      )) as HTMLTextAreaElement
      await waitFor(() => expect(findings.value).toBe(DRAFT.findings))
      const issue = screen.getByRole('button', { name: '签发' })
      expect(issue.hasAttribute('disabled')).toBe(true)

      // The draft's blanks must be written before anything is previewed.
      await u.click(screen.getByRole('button', { name: '预览处理决定书' }))
      expect(await screen.findByText('请选择处理结论')).toBeTruthy()
      expect(
        screen.getByText(
          '调查认定的事实中仍有“【待填写…】”的内容，请填写或删除后再签发',
        ),
      ).toBeTruthy()
      expect(previews).toEqual([])

      await u.click(screen.getByLabelText('处理结论'))
      await u.click(await screen.findByTitle('部分属实'))
      await u.clear(findings)
      await u.type(findings, '一、评标委员会未认定的业绩符合招标文件要求。')
      const decision = screen.getByLabelText('处理决定')
      await u.clear(decision)
      await u.type(decision, '责令招标人组织原评标委员会重新评审。')
      await u.click(screen.getByRole('button', { name: '预览处理决定书' }))
      await waitFor(() => expect(previews).toHaveLength(1))
      expect(previews[0]).toMatchObject({
        conclusion: 'partly_substantiated',
        findings: '一、评标委员会未认定的业绩符合招标文件要求。',
        decision: '责令招标人组织原评标委员会重新评审。',
      })
      // The draft opens in the PDF viewer (its code loads on first use).
      expect(
        await screen.findByRole(
          'region',
          { name: '处理决定书（草稿）.pdf 页面' },
          { timeout: 10_000 },
        ),
      ).toBeTruthy()
      await u.click(screen.getByRole('button', { name: /^关\s?闭$/ }))
      await waitFor(() => expect(issue.hasAttribute('disabled')).toBe(false))

      await u.type(decision, '并于十五日内报告结果。')
      expect(screen.getByText('内容已修改，请重新预览后再签发。')).toBeTruthy()
      expect(issue.hasAttribute('disabled')).toBe(true)
      // (jsdom ends no animation: the spinner of the last preview stays in the button's name.)
      await u.click(screen.getByRole('button', { name: /预览处理决定书$/ }))
      await waitFor(() => expect(previews).toHaveLength(2))
      await u.click(await screen.findByRole('button', { name: /^关\s?闭$/ }))
      await u.click(screen.getByRole('button', { name: '签发' }))
      expect(screen.getByText('确认签发处理决定书？')).toBeTruthy()
      expect(calls).toEqual([])
      await u.click(screen.getByRole('button', { name: '确认签发' }))
      await waitFor(() =>
        expect(calls).toEqual([
          {
            action: 'decide',
            body: {
              conclusion: 'partly_substantiated',
              findings: '一、评标委员会未认定的业绩符合招标文件要求。',
              basis: DRAFT.basis,
              decision:
                '责令招标人组织原评标委员会重新评审。并于十五日内报告结果。',
              personalNames: [],
            },
          },
        ]),
      )
    })
  })
})
