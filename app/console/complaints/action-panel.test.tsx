// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import '#tests/jsdom-shims.ts'

import type { StaffRole } from '#common/constants/staff.ts'
import type {
  DecisionDraft,
  DecisionDraftAnswer,
  DraftState,
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

const FILLED = {
  conclusion: 'partly_substantiated' as const,
  findings: '一、评标委员会未认定的业绩符合招标文件要求。',
  basis: DRAFT.basis,
  decision: '责令招标人组织原评标委员会重新评审。',
  personalNames: [] as string[],
}

const SUBMITTED: DraftState = {
  status: 'submitted',
  drafter: { id: 1, name: '马文' },
  savedAt: '2026-11-10 10:00:00',
  submittedAt: '2026-11-10 10:00:00',
  review: null,
}

function renderPanel(
  options: {
    roles?: StaffRole[]
    accountId?: number
    available?: StaffAction[]
    refuseWith?: string
    assignees?: { id: number; name: string }[]
    /** The 处理决定书 being drafted: the panel offers it while the complaint is accepted. */
    decision?: { state: DraftState | null; answer: DecisionDraftAnswer }
  } = {},
) {
  const calls: Calls = []
  const previews: Record<string, unknown>[] = []
  const saved: Record<string, unknown>[] = []
  const submitted: { kind: string; body: Record<string, unknown> }[] = []
  const returned: { kind: string; comment: string }[] = []
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
      accountId={options.accountId ?? 2}
      assignees={options.assignees}
      drafts={{
        decision: {
          isOpen: options.decision !== undefined,
          state: options.decision?.state ?? null,
        },
        publication: { isOpen: false, state: null },
      }}
      act={act}
      loadDecisionDraft={async () =>
        options.decision?.answer ?? { ...DRAFT, draft: null }
      }
      previewDecision={async (body) => {
        previews.push(body)
        return new Blob(['%PDF-1.7 draft'], { type: 'application/pdf' })
      }}
      saveDecisionDraft={async (values) => {
        saved.push(values)
      }}
      submitDraft={async (kind, body) => {
        submitted.push({ kind, body })
      }}
      returnDraft={async (kind, comment) => {
        returned.push({ kind, comment })
      }}
    />,
  )
  return { calls, previews, saved, submitted, returned, act }
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

  it('lets a head name another 承办人 when signing, and leaves it to the person signing otherwise', async () => {
    const u = user()
    const { calls } = renderPanel({
      available: ['sign'],
      assignees: [
        { id: 5, name: '马文' },
        { id: 6, name: '李娜' },
      ],
    })
    await u.click(screen.getByRole('button', { name: '签收' }))
    await u.click(screen.getByLabelText('承办人'))
    await u.click(await screen.findByTitle('李娜'))
    await u.click(screen.getByRole('button', { name: '提交签收' }))
    await waitFor(() =>
      expect(calls).toEqual([{ action: 'sign', body: { assigneeId: 6 } }]),
    )
    cleanup()
    renderPanel({ available: ['sign'], roles: ['投诉处理'] })
    await u.click(screen.getByRole('button', { name: '签收' }))
    expect(screen.queryByLabelText('承办人')).toBeNull()
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

    it('has the drafter start from the record, keep the text as typed, and submit it only without blanks', async () => {
      const u = user()
      const { saved, submitted, calls } = renderPanel({
        roles: ['投诉处理'],
        decision: { state: null, answer: { ...DRAFT, draft: null } },
      })
      await u.click(screen.getByRole('button', { name: '起草处理决定书' }))
      const findings = (await screen.findByLabelText(
        '调查认定的事实',
      )) as HTMLTextAreaElement
      await waitFor(() => expect(findings.value).toBe(DRAFT.findings))
      // A drafter cannot issue.
      expect(screen.queryByRole('button', { name: '签发' })).toBeNull()

      await u.click(screen.getByRole('button', { name: '保存草稿' }))
      expect(await screen.findByText('草稿已保存。')).toBeTruthy()
      expect(saved).toEqual([
        expect.objectContaining({ findings: DRAFT.findings }),
      ])

      // The blanks must be written before it goes to a head.
      await u.click(screen.getByRole('button', { name: '送核' }))
      expect(await screen.findByText('请选择处理结论')).toBeTruthy()
      expect(
        screen.getByText(
          '调查认定的事实中仍有“【待填写…】”的内容，请填写或删除后再签发',
        ),
      ).toBeTruthy()
      expect(submitted).toEqual([])

      await u.click(screen.getByLabelText('处理结论'))
      await u.click(await screen.findByTitle('部分属实'))
      await u.clear(findings)
      await u.type(findings, FILLED.findings)
      const decision = screen.getByLabelText('处理决定')
      await u.clear(decision)
      await u.type(decision, FILLED.decision)
      await u.click(screen.getByRole('button', { name: '送核' }))
      await waitFor(() =>
        expect(submitted).toEqual([{ kind: 'decision', body: FILLED }]),
      )
      expect(calls).toEqual([])
    })

    it('shows the drafter the head’s comments on a returned draft', async () => {
      const u = user()
      const returnedDraft: DraftState = {
        ...SUBMITTED,
        status: 'returned',
        review: {
          reviewerName: '孙处长',
          comment: '请写明所依据的招标文件条款。',
          reviewedAt: '2026-11-10 14:00:00',
        },
      }
      renderPanel({
        roles: ['投诉处理'],
        accountId: 1,
        decision: {
          state: returnedDraft,
          answer: { ...FILLED, draft: returnedDraft },
        },
      })
      await u.click(
        screen.getByRole('button', { name: '修改处理决定书（已退回）' }),
      )
      expect(
        await screen.findByText('孙处长于2026-11-10 14:00:00退回修改'),
      ).toBeTruthy()
      expect(
        screen.getByText('核稿意见：请写明所依据的招标文件条款。'),
      ).toBeTruthy()
      const findings = screen.getByLabelText('调查认定的事实')
      await waitFor(() =>
        expect((findings as HTMLTextAreaElement).value).toBe(FILLED.findings),
      )
      expect(findings.hasAttribute('disabled')).toBe(false)
    })

    it('lets a head check the submitted text: returned with comments, or previewed and issued as it is', async () => {
      const u = user()
      const { calls, previews, returned } = renderPanel({
        roles: ['投诉负责人'],
        decision: {
          state: SUBMITTED,
          answer: { ...FILLED, draft: SUBMITTED },
        },
      })
      await u.click(screen.getByRole('button', { name: '核稿签发处理决定书' }))
      const findings = (await screen.findByLabelText(
        '调查认定的事实',
      )) as HTMLTextAreaElement
      await waitFor(() => expect(findings.value).toBe(FILLED.findings))
      // What is checked is what was sent: not edited here.
      expect(findings.hasAttribute('disabled')).toBe(true)
      expect(screen.getByText('马文于2026-11-10 10:00:00送核。')).toBeTruthy()

      await u.click(screen.getByRole('button', { name: '退回修改' }))
      const confirmReturn = screen.getByRole('button', { name: '确认退回' })
      expect(confirmReturn.hasAttribute('disabled')).toBe(true)
      await u.type(screen.getByLabelText('核稿意见'), '请写明依据条款。')
      await u.click(confirmReturn)
      await waitFor(() =>
        expect(returned).toEqual([
          { kind: 'decision', comment: '请写明依据条款。' },
        ]),
      )
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

      await u.click(screen.getByRole('button', { name: '核稿签发处理决定书' }))
      await waitFor(() =>
        expect(
          (screen.getByLabelText('调查认定的事实') as HTMLTextAreaElement)
            .value,
        ).toBe(FILLED.findings),
      )
      const issue = screen.getByRole('button', { name: '签发' })
      expect(issue.hasAttribute('disabled')).toBe(true)
      await u.click(screen.getByRole('button', { name: '预览处理决定书' }))
      await waitFor(() => expect(previews).toEqual([FILLED]))
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
      expect(screen.getByText('已预览送核的内容，可以签发。')).toBeTruthy()
      await u.click(issue)
      expect(screen.getByText('确认签发处理决定书？')).toBeTruthy()
      expect(calls).toEqual([])
      await u.click(screen.getByRole('button', { name: '确认签发' }))
      await waitFor(() =>
        expect(calls).toEqual([{ action: 'decide', body: FILLED }]),
      )
    })

    it('has a head who drafted the decision wait for another head', async () => {
      const u = user()
      renderPanel({
        roles: ['投诉负责人'],
        accountId: 1,
        decision: {
          state: SUBMITTED,
          answer: { ...FILLED, draft: SUBMITTED },
        },
      })
      await u.click(
        screen.getByRole('button', { name: '查看送核的处理决定书' }),
      )
      expect(
        await screen.findByText(
          /您拟稿的处理决定书须由另一位投诉负责人核准签发。/,
        ),
      ).toBeTruthy()
      expect(screen.queryByRole('button', { name: '签发' })).toBeNull()
      expect(screen.queryByRole('button', { name: '退回修改' })).toBeNull()
    })
  })
})
