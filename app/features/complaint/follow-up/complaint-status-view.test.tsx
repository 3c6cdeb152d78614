// @vitest-environment jsdom
import {
  cleanup,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { App } from 'antd'
import { afterEach, describe, expect, it, vi } from 'vitest'

import '#tests/jsdom-shims.ts'

import {
  type ClientConfig,
  CLIENT_CONFIG_ELEMENT_ID,
} from '#common/client-config.ts'
import type { ComplaintStatus } from '#common/schemas/complaint/complaint-follow-up.ts'

import { ComplaintStatusView } from './complaint-status-view.tsx'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const status: ComplaintStatus = {
  complaintNo: '202611200003',
  state: 'accepted',
  stateLabel: '待处理',
  flags: {
    isMaterialRequested: true,
    isActivitySuspended: false,
    isClockPaused: false,
    isExtended: false,
  },
  project: { name: '塔里木河干流防洪治理工程', code: 'XJSL-2026-001' },
  complaintType: 'evaluation_result',
  complaintTypeLabel: '评标结果',
  complainantName: '新疆天山水利建设有限公司',
  contactPhone: '138****1122',
  respondents: [
    { role: 'committee', roleLabel: '评标委员会', name: '本项目评标委员会' },
  ],
  submittedAt: '2026-11-20 09:30:00',
  letter: {
    fileName: '投诉书（已签章）.pdf',
    url: '/files/letter01/%E6%8A%95%E8%AF%89%E4%B9%A6.pdf',
  },
  deadlines: [
    {
      kind: 'decision',
      label: '作出处理决定',
      startDate: '2026-11-20',
      workdays: 30,
      excludedWorkdays: 0,
      extensionWorkdays: 0,
      dueDate: '2027-01-05',
      pauseNote: null,
      provisional: false,
      status: 'pending',
    },
  ],
  timeline: [
    {
      id: 1,
      type: 'submit',
      label: '提交投诉',
      fromState: null,
      toState: 'submitted',
      actor: { kind: 'complainant', name: '投诉人' },
      reason: '',
      occurredAt: '2026-11-20 09:30:00',
      documentId: null,
    },
    {
      id: 2,
      type: 'accept',
      label: '受理投诉',
      fromState: 'received',
      toState: 'accepted',
      actor: { kind: 'staff', name: '自治区水利厅' },
      reason: '符合受理条件',
      occurredAt: '2026-11-20 15:00:00',
      documentId: 7,
    },
  ],
  documents: [
    {
      id: 7,
      kind: 'acceptance_notice',
      label: '受理通知书',
      fileName: '受理通知书.pdf',
      url: '/files/abc/受理通知书.pdf',
      issuedAt: '2026-11-20 15:00:00',
      isSealed: true,
      needsReceipt: true,
      receiptSignedAt: null,
    },
  ],
  materialRequests: [
    {
      id: 3,
      items: '请补充投标文件中的业绩证明原件扫描件',
      requestedAt: '2026-11-21 10:00:00',
      dueDate: '2026-11-28',
      answeredAt: null,
      answerText: null,
      answerFiles: [],
    },
  ],
  transcripts: [
    {
      id: 4,
      title: '对评标委员会的调查笔录',
      occurredAt: '2026-11-21 14:00:00',
    },
  ],
  conclusion: null,
  conclusionLabel: null,
  canRevoke: false,
  canApplyWithdrawal: true,
}

function renderView(value: ComplaintStatus) {
  render(
    <App>
      <ComplaintStatusView
        status={value}
        access={{ complaintNo: value.complaintNo, queryCode: 'ABCDEFGH2345' }}
        onChanged={() => {}}
      />
    </App>,
  )
}

describe('complaint status for the complainant', () => {
  it('shows the state, its flags, the deadline with its due date and the timeline', () => {
    renderView(status)
    const heading = screen.getByRole('heading', {
      name: /投诉编号 202611200003/,
    })
    expect(within(heading).getByText('待处理')).toBeTruthy()
    expect(within(heading).getByText('材料补正')).toBeTruthy()
    const deadlines = screen.getByRole('region', { name: '法定办理期限' })
    expect(within(deadlines).getByText('作出处理决定')).toBeTruthy()
    expect(within(deadlines).getByText('2027-01-05')).toBeTruthy()
    expect(screen.getByText('受理投诉')).toBeTruthy()
    expect(screen.getByText('符合受理条件')).toBeTruthy()
    expect(screen.getByText('文书：受理通知书')).toBeTruthy()
    expect(screen.getByText('138****1122')).toBeTruthy()
  })

  it('shows the acceptance deadline of a complaint the department has not signed for yet', () => {
    renderView({
      ...status,
      state: 'submitted',
      stateLabel: '待签收',
      flags: { ...status.flags, isMaterialRequested: false },
      deadlines: [
        {
          kind: 'acceptance',
          label: '受理期限（收到投诉后3个工作日，补正材料期间不计入）',
          startDate: '2026-11-20',
          workdays: 3,
          excludedWorkdays: 0,
          extensionWorkdays: 0,
          dueDate: '2026-11-25',
          pauseNote: null,
          provisional: false,
          status: 'pending',
        },
      ],
      timeline: status.timeline.slice(0, 1),
      documents: [],
      materialRequests: [],
      transcripts: [],
      canRevoke: true,
      canApplyWithdrawal: false,
    })
    const deadlines = screen.getByRole('region', { name: '法定办理期限' })
    const row = within(deadlines).getByRole('row', { name: /受理期限/ })
    expect(within(row).getByText('2026-11-20')).toBeTruthy()
    expect(within(row).getByText('2026-11-25')).toBeTruthy()
    expect(within(row).getByText('期限内')).toBeTruthy()
    expect(screen.queryByText('暂无计时中的期限')).toBeNull()
  })

  it('says the acceptance clock stands still while material asked for is awaited, and why', () => {
    const note =
      '2026-11-23起要求补正材料，中止计时；收到补正材料或补正期限届满后恢复计时'
    renderView({
      ...status,
      state: 'received',
      stateLabel: '待受理',
      deadlines: [
        {
          kind: 'acceptance',
          label: '受理期限（收到投诉后3个工作日，补正材料期间不计入）',
          startDate: '2026-11-20',
          workdays: 3,
          excludedWorkdays: 0,
          extensionWorkdays: 0,
          dueDate: null,
          pauseNote: note,
          provisional: false,
          status: 'paused',
        },
      ],
    })
    const deadlines = screen.getByRole('region', { name: '法定办理期限' })
    const row = within(deadlines).getByRole('row', { name: /受理期限/ })
    expect(within(row).getByText('中止计时中')).toBeTruthy()
    expect(within(row).getByText('中止计时')).toBeTruthy()
    expect(within(row).getByText(note)).toBeTruthy()
  })

  it('marks a deadline in a year without a published holiday notice as provisional', () => {
    renderView({
      ...status,
      deadlines: [{ ...status.deadlines[0]!, provisional: true }],
    })
    const deadlines = screen.getByRole('region', { name: '法定办理期限' })
    expect(within(deadlines).getByText('暂定')).toBeTruthy()
    expect(
      within(deadlines).getByText(
        '2027年法定节假日安排尚未收录，期限按工作日暂计，公布后自动重新计算',
      ),
    ).toBeTruthy()
  })

  it('offers the receipt, the material answer, the transcript and the withdrawal', () => {
    renderView(status)
    expect(screen.getByRole('button', { name: '预览 受理通知书' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '签收文书' })).toBeTruthy()
    expect(
      screen.getByRole('button', { name: '补充材料（2026-11-28 前）' }),
    ).toBeTruthy()
    expect(
      screen.getByRole('button', { name: '对评标委员会的调查笔录' }),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: '申请撤回投诉' })).toBeTruthy()
  })

  it('offers nothing more once decided and signed for', () => {
    renderView({
      ...status,
      state: 'decided',
      stateLabel: '已处理',
      flags: { ...status.flags, isMaterialRequested: false },
      conclusion: 'partly_substantiated',
      conclusionLabel: '部分属实',
      canApplyWithdrawal: false,
      documents: status.documents.map((doc) => ({
        ...doc,
        receiptSignedAt: '2026-11-22 08:00:00',
      })),
      materialRequests: status.materialRequests.map((request) => ({
        ...request,
        answeredAt: '2026-11-22 09:00:00',
        answerText: '已补充业绩证明',
      })),
    })
    expect(screen.getByText('部分属实')).toBeTruthy()
    expect(screen.getByText('已于 2026-11-22 08:00:00 签收')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '签收文书' })).toBeNull()
    expect(screen.queryByRole('button', { name: /补充材料/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /撤回/ })).toBeNull()
  })

  it('offers the sealed 投诉书 as filed for preview and download, before the documents', () => {
    renderView(status)
    const download = screen.getByRole('link', { name: '下载 投诉书' })
    expect(download.getAttribute('href')).toBe(status.letter!.url)
    expect(download.getAttribute('download')).toBe('投诉书（已签章）.pdf')
    expect(screen.getByRole('button', { name: '预览 投诉书' })).toBeTruthy()
    expect(screen.getByText('本人提交，已加盖电子印章')).toBeTruthy()
  })

  it('says no document was issued yet, and still offers the letter', () => {
    renderView({ ...status, documents: [] })
    expect(screen.getByText('暂无行政监督部门出具的文书')).toBeTruthy()
    expect(screen.getByRole('link', { name: '下载 投诉书' })).toBeTruthy()
  })

  it('asks the server again before opening a document when the query is over an hour old', async () => {
    // The page's configuration, as the server puts it in the page.
    const config: Partial<ClientConfig> = {
      regionalApiBase: '/xjApi',
      regionalHmacSecret: 'regional-secret-for-tests',
    }
    const element = document.createElement('script')
    element.id = CLIENT_CONFIG_ELEMENT_ID
    element.type = 'application/json'
    element.textContent = JSON.stringify(config)
    document.head.append(element)
    const asked: string[] = []
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url)
      return Response.json({ Success: true, Data: status })
    })
    // jsdom does not navigate: the link's own download is not what is tested.
    const stayHere = (event: Event) => event.preventDefault()
    document.addEventListener('click', stayHere)
    vi.useFakeTimers({ toFake: ['Date'] })
    const user = userEvent.setup()
    renderView(status)
    const download = screen.getByRole('link', { name: '下载' })

    await user.click(download)
    expect(asked).toEqual([])

    vi.setSystemTime(Date.now() + 61 * 60_000)
    await user.click(download)
    await waitFor(() => expect(asked).toHaveLength(1))
    expect(new URL(asked[0]!).pathname).toBe('/xjApi/api/xjslts/tsbhcx')
    expect(new URL(asked[0]!).searchParams.get('queryCode')).toBe(
      'ABCDEFGH2345',
    )
    // Asked again, the files are open for another while.
    await user.click(download)
    expect(asked).toHaveLength(1)
    document.removeEventListener('click', stayHere)
    element.remove()
  })
})
