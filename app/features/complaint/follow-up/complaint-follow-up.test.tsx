// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { App } from 'antd'
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest'

import '#tests/jsdom-shims.ts'

import {
  type ClientConfig,
  CLIENT_CONFIG_ELEMENT_ID,
} from '#common/client-config.ts'
import type { ComplaintStatus } from '#common/schemas/complaint/complaint-follow-up.ts'

import { ComplaintFollowUp } from './complaint-follow-up.tsx'

const status: ComplaintStatus = {
  complaintNo: '202611200003',
  state: 'submitted',
  stateLabel: '待签收',
  flags: {
    isMaterialRequested: false,
    isActivitySuspended: false,
    isClockPaused: false,
    isExtended: false,
  },
  project: { name: '塔里木河干流防洪治理工程', code: 'XJSL-2026-001' },
  complaintType: 'evaluation_result',
  complaintTypeLabel: '评标结果',
  complainantName: '新疆天山水利建设有限公司',
  contactPhone: '138*****766',
  respondents: [],
  submittedAt: '2026-11-20 09:30:00',
  letter: null,
  deadlines: [],
  timeline: [],
  documents: [],
  materialRequests: [],
  transcripts: [],
  conclusion: null,
  conclusionLabel: null,
  canRevoke: true,
  canApplyWithdrawal: false,
}

type Call = { path: string; query: URLSearchParams; body: unknown }

// The regional API at its boundary, fetch: each path answers as the server does. The page's
// client keeps the fetch it was made with, so one stand-in hands each call to this test's server.
let serve: typeof fetch = () => Promise.reject(new Error('no server'))
const fetchStandIn: typeof fetch = (input, init) => serve(input, init)

function regionalServer(answers: {
  lookUp: (query: URLSearchParams) => [number, object]
}) {
  const calls: Call[] = []
  vi.stubGlobal('fetch', fetchStandIn)
  serve = async (input, init) => {
    const url = new URL(String(input), 'http://portal.test')
    const path = url.pathname.replace('/xjApi/api/xjslts/', '')
    calls.push({
      path,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    })
    if (path === 'img/code')
      return new Response(new Blob(['png'], { type: 'image/png' }), {
        headers: { 'content-type': 'image/png' },
      })
    if (path === 'sms/code')
      return Response.json({
        Success: true,
        Data: { resendAfterSeconds: 60, expiresInSeconds: 300 },
      })
    const [code, body] = answers.lookUp(url.searchParams)
    return Response.json(body, { status: code })
  }
  return calls
}

let config: HTMLScriptElement
beforeAll(() => {
  const value: Partial<ClientConfig> = {
    regionalApiBase: '/xjApi',
    regionalHmacSecret: 'regional-secret-for-tests',
  }
  config = document.createElement('script')
  config.id = CLIENT_CONFIG_ELEMENT_ID
  config.type = 'application/json'
  config.textContent = JSON.stringify(value)
  document.head.append(config)
  URL.createObjectURL ??= () => 'blob:captcha'
  URL.revokeObjectURL ??= () => undefined
})
afterAll(() => config.remove())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderPage(initialTab?: 'phone') {
  render(
    <App>
      <ComplaintFollowUp initialNo="" initialTab={initialTab} />
    </App>,
  )
}

/** The lookup by phone, once its code (loaded when its tab is first drawn) has come. */
async function renderPhoneLookup() {
  renderPage('phone')
  await screen.findByLabelText('联系电话')
}

async function fillAndSendCode(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('投诉编号'), '202611200003')
  await user.type(screen.getByLabelText('联系电话'), '13899887766')
  await screen.findByRole('img', { name: '图形验证码图片' })
  await user.type(screen.getByRole('textbox', { name: '图形验证码' }), 'AB3D')
  await user.click(screen.getByRole('button', { name: '获取短信验证码' }))
}

describe('looking a complaint up without its query code', () => {
  it('is offered beside the query code, from the keyboard', async () => {
    regionalServer({ lookUp: () => [200, { Success: true, Data: status }] })
    const user = userEvent.setup()
    renderPage()
    expect(screen.getByText(/查询码遗失的，可用手机号查询/)).toBeTruthy()
    expect(screen.getByText('忘记查询码？用手机号查询')).toBeTruthy()
    expect(screen.queryByLabelText('联系电话')).toBeNull()
    // From the selected tab, arrows and Enter open it.
    const first = screen
      .getAllByRole('tab', { hidden: true })
      .find((tab) => tab.getAttribute('aria-selected') === 'true')!
    first.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}')
    await screen.findByLabelText('联系电话')
    expect(screen.getByLabelText('联系电话')).toBeTruthy()
  })

  it('texts a code to the contact phone and shows the complaint read-only', async () => {
    const calls = regionalServer({
      lookUp: () => [200, { Success: true, Data: status }],
    })
    const user = userEvent.setup()
    await renderPhoneLookup()
    await fillAndSendCode(user)

    await screen.findByText('短信验证码已发送至 138*****766，5分钟内有效。')
    expect(
      screen.getByRole('button', { name: /秒后可重新获取/ }),
    ).toHaveProperty('disabled', true)
    const sms = calls.find((call) => call.path === 'sms/code')
    expect(sms?.body).toMatchObject({
      phone: '13899887766',
      purpose: 'complaint-query',
      captcha: 'AB3D',
    })
    // A captcha answers one request: the field is empty for the next.
    expect(
      (screen.getByRole('textbox', { name: '图形验证码' }) as HTMLInputElement)
        .value,
    ).toBe('')

    await user.type(screen.getByLabelText('短信验证码'), '123456')
    await user.click(screen.getByRole('button', { name: /查\s*询/ }))
    await screen.findByRole('heading', { name: /投诉编号 202611200003/ })
    const lookUp = calls.find((call) => call.path === 'tsbhcx')!
    expect(Object.fromEntries(lookUp.query)).toMatchObject({
      complaintNo: '202611200003',
      phone: '13899887766',
      smsCode: '123456',
    })
    expect(lookUp.query.has('queryCode')).toBe(false)
    // Without the query code nothing is offered that needs it.
    expect(screen.getByText('凭手机号查询只能查看办理进度和文书')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /撤回/ })).toBeNull()
  })

  it('says why nothing was found and keeps what was typed', async () => {
    regionalServer({
      lookUp: () => [
        404,
        { Success: false, State: 404, Msg: '投诉编号与联系电话不匹配' },
      ],
    })
    const user = userEvent.setup()
    await renderPhoneLookup()
    await fillAndSendCode(user)
    await user.type(screen.getByLabelText('短信验证码'), '123456')
    await user.click(screen.getByRole('button', { name: /查\s*询/ }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(
      '未找到投诉：该投诉编号的联系电话不是这个手机号码',
    )
    expect((screen.getByLabelText('投诉编号') as HTMLInputElement).value).toBe(
      '202611200003',
    )
    expect((screen.getByLabelText('联系电话') as HTMLInputElement).value).toBe(
      '13899887766',
    )
    expect(
      (screen.getByLabelText('短信验证码') as HTMLInputElement).value,
    ).toBe('123456')
    expect(screen.queryByRole('heading', { name: /投诉编号 \d/ })).toBeNull()
  })

  it('sends no code to a mistyped phone', async () => {
    const calls = regionalServer({
      lookUp: () => [200, { Success: true, Data: status }],
    })
    const user = userEvent.setup()
    await renderPhoneLookup()
    await user.type(screen.getByLabelText('联系电话'), '1389988')
    await user.click(screen.getByRole('button', { name: '获取短信验证码' }))
    await screen.findByText('请填写正确的11位手机号码')
    await screen.findByText('请输入图形验证码')
    expect(calls.filter((call) => call.path === 'sms/code')).toEqual([])
    expect((screen.getByLabelText('联系电话') as HTMLInputElement).value).toBe(
      '1389988',
    )
  })
})
