import type { FastifyInstance } from 'fastify'
import { generateSync } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { SIGN_IN_REFUSED, type StaffRole } from '#common/constants/staff.ts'
import {
  ApiTokenSchema,
  CreatedApiTokenSchema,
  OkSchema,
} from '#common/schemas/staff.ts'
import { DecisionDraftSchema } from '#common/schemas/complaint/complaint-staff.ts'
import { fileTestComplaint } from '#tests/complaint-test-data.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { pdfText } from '#tests/pdf-text.ts'
import { buildTestApp } from '#tests/test-app.ts'

import { createStaffApiClient } from './staff-api-client.ts'
import { MSG_NETWORK_FAILED, StaffApiError } from './staff-api-error.ts'

const PASSWORD = '长江黄河-tarim-2026!'
const TokensSchema = z.object({ items: z.array(ApiTokenSchema) })
const BASE = 'http://console.test/staff-api'

/**
 * The client against the real staff API (app.inject), as a browser would use it: one cookie
 * jar per browser, and a record of every request the client sent.
 */
function browserOn(app: FastifyInstance) {
  const jar: { cookie?: string } = {}
  const sent: { method: string; path: string; csrf?: string }[] = []
  const fetchImpl: typeof fetch = async (input, init = {}) => {
    const url = new URL(String(input))
    const headers = { ...(init.headers as Record<string, string>) }
    sent.push({
      method: init.method ?? 'GET',
      path: url.pathname,
      csrf: headers['x-csrf-token'],
    })
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { ...headers, ...(jar.cookie ? { cookie: jar.cookie } : {}) },
      payload: init.body as string | undefined,
    })
    const setCookie = answer.headers['set-cookie']
    if (setCookie) {
      const pair = String(setCookie).split(';')[0]!
      jar.cookie = pair.endsWith('=') ? undefined : pair
    }
    return new Response(new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: {
        'content-type': String(answer.headers['content-type']),
        'content-disposition': String(
          answer.headers['content-disposition'] ?? '',
        ),
      },
    })
  }
  return {
    jar,
    sent,
    client: () => createStaffApiClient({ fetch: fetchImpl, base: BASE }),
  }
}

async function refusalOf(promise: Promise<unknown>): Promise<StaffApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(StaffApiError)
  return error as StaffApiError
}

describe('the console’s staff API client', () => {
  let t: TestDatabase
  let app: FastifyInstance
  let clock = new Date('2026-03-02T09:00:00+08:00')
  // Each sign-in a new 30-second step: a code of a step already used is refused as replayed.
  const nextCode = (secret: string) => {
    clock = new Date(clock.getTime() + 30_000)
    return generateSync({ secret, epoch: Math.floor(clock.getTime() / 1000) })
  }

  beforeAll(async () => {
    t = await createTestDatabase('sqlite')
    app = await buildTestApp(t, {
      now: () => clock,
      autoAcceptIntervalMs: null,
    })
  })
  afterAll(async () => {
    await app?.close()
    await t?.destroy()
  })

  /** An account set up through its link, as the setup page does it. */
  async function person(accountName: string, roles: StaffRole[]) {
    const { setupUrl } = await app.staff.createAccount(
      null,
      { address: '127.0.0.1' },
      { accountName, displayName: `${accountName}姓名`, roles },
    )
    const token = new URL(setupUrl).searchParams.get('token')!
    const api = browserOn(app).client()
    const { secret } = await api.post(
      '/setup/password',
      z.object({ secret: z.string() }),
      { token, password: PASSWORD },
      { isOpen: true },
    )
    await api.post(
      '/setup/factor',
      OkSchema,
      { token, code: nextCode(secret) },
      { isOpen: true },
    )
    return { accountName, secret }
  }

  const credentials = (who: { accountName: string; secret: string }) => ({
    accountName: who.accountName,
    password: PASSWORD,
    code: nextCode(who.secret),
  })

  it('sends the session’s CSRF token with every change, learning it first on a fresh page', async () => {
    const who = await person('li.handler', ['投诉处理'])
    const browser = browserOn(app)
    await browser.client().signIn(credentials(who))
    // A page opened afresh: the cookie is there, the token is not known yet.
    const api = browser.client()
    const created = await api.post('/me/tokens', CreatedApiTokenSchema, {
      name: '对接系统',
      roles: ['投诉处理'],
    })
    expect(created.token).toMatch(/^wtp_/)
    const [read, change] = browser.sent.slice(-2)
    expect(read).toMatchObject({ method: 'GET', path: '/staff-api/session' })
    expect(change).toMatchObject({
      method: 'POST',
      path: '/staff-api/me/tokens',
    })
    expect(change!.csrf).toMatch(/^[\w-]{43}$/)
    const { items } = await api.get('/me/tokens', TokensSchema)
    expect(items.map((item) => item.name)).toEqual(['对接系统'])
  })

  it('sends a change once more with the new token when the person signed in again in another tab', async () => {
    const who = await person('zhou.handler', ['投诉处理'])
    const browser = browserOn(app)
    const first = browser.client()
    await first.signIn(credentials(who))
    // Another tab of the same browser signs in: a new session cookie, a new CSRF token.
    await browser.client().signIn(credentials(who))
    const before = browser.sent.length
    await first.post('/me/tokens', CreatedApiTokenSchema, {
      name: '第二个',
      roles: ['投诉处理'],
    })
    const calls = browser.sent.slice(before)
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /staff-api/me/tokens',
      'GET /staff-api/session',
      'POST /staff-api/me/tokens',
    ])
    expect(calls[2]!.csrf).not.toBe(calls[0]!.csrf)
  })

  it('gives the server’s Chinese message for a role the person lacks, without sending again', async () => {
    const who = await person('wu.handler', ['投诉处理'])
    const browser = browserOn(app)
    const api = browser.client()
    await api.signIn(credentials(who))
    const read = await refusalOf(api.get('/accounts', z.unknown()))
    expect(read.status).toBe(403)
    expect(read.message).toBe('此操作需要“系统管理员”角色，您的角色：投诉处理')
    const before = browser.sent.length
    const change = await refusalOf(
      api.post('/accounts', z.unknown(), {
        accountName: 'new.person',
        displayName: '新人',
        roles: ['投诉处理'],
      }),
    )
    expect(change.status).toBe(403)
    expect(change.isSessionEnded).toBe(false)
    expect(change.message).toContain('系统管理员')
    expect(browser.sent.slice(before).map((call) => call.method)).toEqual([
      'POST',
      'GET',
    ])
    expect(
      await t.db
        .selectFrom('staffAccount')
        .where('accountName', '=', 'new.person')
        .selectAll()
        .execute(),
    ).toEqual([])
  })

  it('tells an ended session (sign in again) from a refusal of what was typed', async () => {
    const who = await person('sun.handler', ['投诉处理'])
    const browser = browserOn(app)
    const api = browser.client()
    await api.signIn(credentials(who))
    const wrongPassword = await refusalOf(
      api.post('/me/password', OkSchema, {
        currentPassword: '不是这个密码-2026',
        newPassword: '新的密码-yellow-river-9',
      }),
    )
    expect(wrongPassword).toMatchObject({
      status: 401,
      message: '当前密码不正确',
      isSessionEnded: false,
    })
    // The session ends elsewhere (signed out from another browser holding the same cookie).
    const cookie = browser.jar.cookie
    await browser.client().signOut()
    browser.jar.cookie = cookie
    const ended = await refusalOf(api.get('/me/tokens', TokensSchema))
    expect(ended).toMatchObject({
      status: 401,
      message: '登录已结束，请重新登录',
      isSessionEnded: true,
      hasEndedInUse: true,
    })
    // A page opened without signing in first: sign in, but no session has ended.
    const signedOut = await refusalOf(browserOn(app).client().session())
    expect(signedOut).toMatchObject({
      status: 401,
      isSessionEnded: true,
      hasEndedInUse: false,
    })
  })

  it('shows a refused sign-in as the form’s refusal, not as an ended session', async () => {
    const who = await person('zheng.handler', ['投诉处理'])
    const api = browserOn(app).client()
    const wrongCode = await refusalOf(
      api.signIn({ ...credentials(who), code: '000000' }),
    )
    expect(wrongCode).toMatchObject({
      status: 401,
      message: SIGN_IN_REFUSED,
      isSessionEnded: false,
    })
    const wrongPassword = await refusalOf(
      api.signIn({ ...credentials(who), password: '错误的密码-123456' }),
    )
    expect(wrongPassword).toMatchObject({
      status: 401,
      message: SIGN_IN_REFUSED,
      isSessionEnded: false,
    })
  })

  it('previews a decision as a draft PDF with its name, and gives the server’s refusal of a draft with blanks left', async () => {
    const who = await person('qian.official', ['投诉处理', '投诉负责人'])
    const api = browserOn(app).client()
    await api.signIn(credentials(who))
    const { complaintNo } = await fileTestComplaint(
      t.db,
      t.storage,
      () => clock,
    )
    const actions = `/complaints/${complaintNo}/actions`
    await api.post(`${actions}/sign`, z.unknown())
    await api.post(`${actions}/accept`, z.unknown())
    const draft = await api.get(
      `/complaints/${complaintNo}/decision-draft`,
      DecisionDraftSchema,
    )
    const preview = `/complaints/${complaintNo}/decision-preview`
    const body = { ...draft, conclusion: 'unsubstantiated' }
    const refusal = await refusalOf(api.postForFile(preview, body))
    expect(refusal.status).toBe(400)
    expect(refusal.message).toContain('【待填写')

    const filled = (text: string) =>
      text.replace(/【待填写：[^】]*】/g, '经调查核实的情况')
    const { blob, fileName } = await api.postForFile(preview, {
      ...body,
      findings: filled(draft.findings),
      decision: filled(draft.decision),
    })
    expect(blob.type).toBe('application/pdf')
    expect(fileName).toBe(`处理决定书（草稿）（${complaintNo}）.pdf`)
    expect(
      await pdfText(new Uint8Array(await blob.arrayBuffer()), { isRaw: true }),
    ).toContain('草稿')
  })

  it('names a network failure and an answer that is not the API’s in Chinese', async () => {
    const offline = createStaffApiClient({
      base: BASE,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    })
    expect(await refusalOf(offline.session())).toMatchObject({
      status: 0,
      message: MSG_NETWORK_FAILED,
    })
    const gateway = createStaffApiClient({
      base: BASE,
      fetch: async () =>
        new Response('<html>Bad Gateway</html>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        }),
    })
    const refusal = await refusalOf(gateway.get('/me/tokens', TokensSchema))
    expect(refusal.message).toBe('服务器暂时无法处理（502），请稍后重试')
  })
})
