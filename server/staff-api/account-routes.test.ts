import type { FastifyInstance } from 'fastify'
import { generateSync } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  COMPLAINT_ACTION_ROLE,
  FEEDBACK_REPLY_ROLE,
  STAFF_ROLES,
  type StaffRole,
} from '#common/constants/staff.ts'
import { STAFF_ACTIONS } from '#common/schemas/complaint/complaint-staff.ts'
import { createOfficialToken } from '#tests/complaint-test-api.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'

const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`)
const PASSWORD = '长江黄河-tarim-2026!'

describe.each(testEngines)('staff console on %s', (engine) => {
  let t: TestDatabase
  let app: FastifyInstance
  let clock = at('2026-03-02 09:00:00')
  const later = (ms: number) => (clock = new Date(clock.getTime() + ms))
  const code = (secret: string) =>
    generateSync({ secret, epoch: Math.floor(clock.getTime() / 1000) })

  beforeAll(async () => {
    t = await createTestDatabase(engine)
    app = await buildTestApp(t, {
      now: () => clock,
      autoAcceptIntervalMs: null,
    })
  })
  afterAll(async () => {
    await app?.close()
    await t?.destroy()
  })

  const post = (url: string, payload: object, headers = {}) =>
    app.inject({ method: 'POST', url: `/staff-api${url}`, payload, headers })
  const tokenOf = (setupUrl: string) =>
    new URL(setupUrl).searchParams.get('token')!

  /** An account made by the CLI's path, set up through its link: its name and secret. */
  async function enrolled(roles: StaffRole[], accountName: string) {
    const { setupUrl } = await app.staff.createAccount(
      null,
      { address: '127.0.0.1' },
      {
        accountName,
        displayName: `${accountName}姓名`,
        roles,
      },
    )
    const token = tokenOf(setupUrl)
    const begun = await post('/setup/password', { token, password: PASSWORD })
    expect(begun.statusCode).toBe(200)
    const { secret } = begun.json()
    expect(
      (await post('/setup/factor', { token, code: code(secret) })).statusCode,
    ).toBe(200)
    return { accountName, secret }
  }

  async function signIn(who: { accountName: string; secret: string }) {
    later(30_000)
    const r = await post('/session', {
      accountName: who.accountName,
      password: PASSWORD,
      code: code(who.secret),
    })
    expect(r.statusCode).toBe(200)
    const cookie = String(r.headers['set-cookie']).split(';')[0]!
    return {
      cookie,
      csrf: r.json().csrfToken as string,
      setCookie: String(r.headers['set-cookie']),
    }
  }

  /** A sign-in with the right code and a wrong password. */
  function wrongPasswordSignIn(who: { accountName: string; secret: string }) {
    return post('/session', {
      accountName: who.accountName,
      password: 'x'.repeat(12),
      code: code(who.secret),
    })
  }

  const lastAudit = () =>
    t.db
      .selectFrom('staffAudit')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()

  it('sets up a first administrator through a one-time link that expires in 24 hours', async () => {
    const { setupUrl } = await app.staff.createAccount(
      null,
      { address: '127.0.0.1' },
      {
        accountName: 'wang.admin',
        displayName: '王管理',
        roles: ['系统管理员'],
      },
    )
    expect(setupUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:3000\/admin\/setup\?token=/,
    )
    const token = tokenOf(setupUrl)
    const info = await app.inject({ url: `/staff-api/setup?token=${token}` })
    expect(info.json()).toMatchObject({
      accountName: 'wang.admin',
      displayName: '王管理',
    })
    for (const [password, message] of [
      ['short-pass', '密码至少需要12个字符'],
      ['qwertyuiop123', '该密码过于常见，容易被猜中，请换一个'],
      ['my-wang.admin-pass', '密码不能包含账号名'],
    ])
      expect(
        (await post('/setup/password', { token, password })).json().message,
      ).toBe(message)
    const begun = (
      await post('/setup/password', { token, password: PASSWORD })
    ).json()
    expect(begun.otpauthUri).toMatch(/^otpauth:\/\/totp\//)
    const wrong = await post('/setup/factor', { token, code: '000000' })
    expect(wrong.statusCode).toBe(400)
    expect(
      (await post('/setup/factor', { token, code: code(begun.secret) }))
        .statusCode,
    ).toBe(200)
    const reused = await post('/setup/password', { token, password: PASSWORD })
    expect(reused.statusCode).toBe(410)
    expect(reused.json().message).toContain('已使用过')
    // A second link, unused for more than 24 hours.
    const { setupUrl: other } = await app.staff.createAccount(
      null,
      { address: '127.0.0.1' },
      {
        accountName: 'late.person',
        displayName: '迟到',
        roles: ['投诉处理'],
      },
    )
    later(24 * 3600_000 + 1000)
    const expired = await post('/setup/password', {
      token: tokenOf(other),
      password: PASSWORD,
    })
    expect(expired.statusCode).toBe(410)
    expect(expired.json().message).toContain('已过期')
    expect((await lastAudit()).outcome).toBe('refused')
  })

  it('signs in with password and code: a strict session cookie, wrong and replayed codes refused', async () => {
    const who = await enrolled(['投诉处理'], 'li.handler')
    later(30_000)
    const wrongPassword = await wrongPasswordSignIn(who)
    expect(wrongPassword.statusCode).toBe(401)
    expect(wrongPassword.json().message).toBe('账号或密码错误')
    expect(await lastAudit()).toMatchObject({
      action: 'session.sign-in',
      outcome: 'refused',
      accountName: 'li.handler',
    })
    const wrongCode = await post('/session', {
      accountName: who.accountName,
      password: PASSWORD,
      code: '123456' === code(who.secret) ? '654321' : '123456',
    })
    expect(wrongCode.json().message).toBe('动态验证码错误')
    const good = {
      accountName: who.accountName,
      password: PASSWORD,
      code: code(who.secret),
    }
    const first = await post('/session', good)
    expect(first.statusCode).toBe(200)
    expect(String(first.headers['set-cookie'])).toMatch(
      /^staff-session=[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/,
    )
    const replay = await post('/session', good)
    expect(replay.statusCode).toBe(401)
    expect(replay.json().message).toContain('已使用过')
  })

  it('makes the session cookie Secure (__Host-) when a trusted proxy says the visit came over TLS, and not for a forged header', async () => {
    const who = await enrolled(['投诉处理'], 'sun.tls')
    // The load balancer terminates TLS at 10.0.0.5 and says so in X-Forwarded-Proto.
    const behindProxy = await buildTestApp(t, {
      now: () => clock,
      autoAcceptIntervalMs: null,
      config: { trustProxy: ['10.0.0.5'] },
    })
    try {
      const signIn = (remoteAddress: string) => {
        later(30_000)
        return behindProxy.inject({
          method: 'POST',
          url: '/staff-api/session',
          remoteAddress,
          headers: { 'x-forwarded-proto': 'https' },
          payload: {
            accountName: who.accountName,
            password: PASSWORD,
            code: code(who.secret),
          },
        })
      }
      const overTls = await signIn('10.0.0.5')
      expect(overTls.statusCode).toBe(200)
      expect(String(overTls.headers['set-cookie'])).toMatch(
        /^__Host-staff-session=[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict; Secure$/,
      )
      // The same header from anyone else is the visitor's own claim: the cookie stays plain,
      // as the visit did.
      const forged = await signIn('203.0.113.9')
      expect(forged.statusCode).toBe(200)
      expect(String(forged.headers['set-cookie'])).toMatch(
        /^staff-session=[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/,
      )
    } finally {
      await behindProxy.close()
    }
  })

  it('refuses a sign-in body nested too deep or too large as every staff route does, before reading it', async () => {
    const deep = '{"accountName":'.repeat(40) + '"x"' + '}'.repeat(40)
    const nested = await app.inject({
      method: 'POST',
      url: '/staff-api/session',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    })
    expect(nested.statusCode).toBe(400)
    expect(nested.json().message).toBe('请求数据嵌套层级过多')
    const large = await app.inject({
      method: 'POST',
      url: '/staff-api/session',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ accountName: 'x'.repeat(300 * 1024) }),
    })
    expect(large.statusCode).toBe(413)
    expect(large.json().message).toBe('请求内容过大')
  })

  it('locks an account for 15 minutes after five wrong tries', async () => {
    const who = await enrolled(['投诉处理'], 'zhou.locked')
    for (let i = 0; i < 5; i++)
      expect(
        (
          await post('/session', {
            accountName: who.accountName,
            password: 'wrong-password-1',
            code: '000000',
          })
        ).statusCode,
      ).toBe(401)
    later(30_000)
    const locked = await post('/session', {
      accountName: who.accountName,
      password: PASSWORD,
      code: code(who.secret),
    })
    expect(locked.statusCode).toBe(423)
    expect(locked.json().message).toMatch(/账号已锁定，请于\d\d:\d\d后再试/)
    const audit = await t.db
      .selectFrom('staffAudit')
      .select('action')
      .where('accountName', '=', who.accountName)
      .execute()
    expect(audit.map((a) => a.action)).toContain('account.lock')
    later(15 * 60_000)
    await signIn(who)
  })

  it('expires a session after 30 idle minutes and after 12 hours in all; CSRF on every change', async () => {
    const who = await enrolled(['投诉处理', '投诉负责人'], 'sun.worker')
    let s = await signIn(who)
    const me = () =>
      app.inject({ url: '/staff-api/session', headers: { cookie: s.cookie } })
    expect((await me()).statusCode).toBe(200)
    // No CSRF token, a wrong one: refused, nothing created.
    const noCsrf = await post(
      '/me/tokens',
      { name: '对接', roles: ['投诉处理'] },
      { cookie: s.cookie },
    )
    expect(noCsrf.statusCode).toBe(403)
    expect(noCsrf.json().message).toContain('X-CSRF-Token')
    expect(
      (
        await post(
          '/me/tokens',
          { name: '对接', roles: ['投诉处理'] },
          { cookie: s.cookie, 'x-csrf-token': 'x' },
        )
      ).statusCode,
    ).toBe(403)
    expect(
      await t.db
        .selectFrom('staffApiToken')
        .selectAll()
        .where('name', '=', '对接')
        .execute(),
    ).toEqual([])
    expect(
      (
        await post(
          '/me/tokens',
          { name: '对接', roles: ['投诉处理'] },
          { cookie: s.cookie, 'x-csrf-token': s.csrf },
        )
      ).statusCode,
    ).toBe(200)
    later(31 * 60_000)
    const idle = await me()
    expect(idle.statusCode).toBe(401)
    expect(idle.json().message).toContain('30分钟')
    s = await signIn(who)
    const signedInAt = clock.getTime()
    let total = await me()
    for (let i = 0; i < 30 && total.statusCode === 200; i++) {
      later(29 * 60_000)
      total = await me()
    }
    // Active every 29 minutes, it still ends 12 hours after sign-in.
    expect(clock.getTime() - signedInAt).toBeGreaterThanOrEqual(12 * 3600_000)
    expect(total.statusCode).toBe(401)
    expect(total.json().message).toContain('12小时')
    const forged = await app.inject({
      url: '/staff-api/session',
      headers: { cookie: `staff-session=${'A'.repeat(43)}` },
    })
    expect(forged.statusCode).toBe(401)
    expect(await lastAudit()).toMatchObject({
      outcome: 'refused',
      accountName: '（未识别）',
    })
  })

  it('lets an administrator manage accounts; a disabled account loses its live session', async () => {
    const admin = await enrolled(['系统管理员'], 'qian.admin')
    const worker = await enrolled(['投诉处理'], 'wu.worker')
    const a = await signIn(admin)
    const w = await signIn(worker)
    const h = { cookie: a.cookie, 'x-csrf-token': a.csrf }
    const created = await post(
      '/accounts',
      {
        accountName: 'new.person',
        displayName: '新人',
        roles: ['系统管理员', '审计员'],
      },
      h,
    )
    expect(created.statusCode).toBe(409)
    expect(created.json().message).toBe(
      '“系统管理员”与“审计员”不能由同一人兼任',
    )
    const ok = await post(
      '/accounts',
      { accountName: 'new.person', displayName: '新人', roles: ['内容编辑'] },
      h,
    )
    expect(ok.json().setupUrl).toContain('/admin/setup?token=')
    const id = ok.json().account.id
    expect(
      (
        await post(
          `/accounts/${id}/roles`,
          { roles: ['内容编辑', '内容审核'] },
          h,
        )
      ).json().roles,
    ).toEqual(['内容编辑', '内容审核'])
    const workerRow = await t.db
      .selectFrom('staffAccount')
      .select('id')
      .where('accountName', '=', 'wu.worker')
      .executeTakeFirstOrThrow()
    expect(
      (
        await post(
          `/accounts/${workerRow.id}/disabled`,
          { isDisabled: true },
          h,
        )
      ).json().isDisabled,
    ).toBe(true)
    const dead = await app.inject({
      url: '/staff-api/complaints',
      headers: { cookie: w.cookie },
    })
    expect(dead.statusCode).toBe(401)
    expect(
      (await post(`/accounts/${workerRow.id}/reset-factor`, {}, h)).json()
        .setupUrl,
    ).toContain('token=')
    expect(
      (await post(`/accounts/${workerRow.id}/end-sessions`, {}, h)).statusCode,
    ).toBe(200)
    // The administrator opens no complaint workbench.
    const workbench = await app.inject({
      url: '/staff-api/complaints',
      headers: { cookie: a.cookie },
    })
    expect(workbench.statusCode).toBe(403)
    expect(workbench.json().message).toContain('投诉处理')
  })

  it('checks the role of every action, for each role', async () => {
    const tokens = Object.fromEntries(
      await Promise.all(
        STAFF_ROLES.map(async (role) => [
          role,
          await createOfficialToken(app, role, [role]),
        ]),
      ),
    ) as Record<StaffRole, string>
    const checks: {
      url: string
      method: 'GET' | 'POST'
      role: StaffRole | 'handler-or-head'
    }[] = [
      ...STAFF_ACTIONS.map((action) => ({
        url: `/complaints/209901010001/actions/${action}`,
        method: 'POST' as const,
        role: COMPLAINT_ACTION_ROLE[action],
      })),
      {
        url: '/feedback/999999/reply',
        method: 'POST',
        role: FEEDBACK_REPLY_ROLE,
      },
      {
        url: '/complaints/209901010001/decision-preview',
        method: 'POST',
        role: COMPLAINT_ACTION_ROLE.decide,
      },
      {
        url: '/complaints/209901010001/decision-draft',
        method: 'GET',
        role: COMPLAINT_ACTION_ROLE.decide,
      },
      { url: '/complaints', method: 'GET', role: 'handler-or-head' },
      { url: '/complaints/dashboard', method: 'GET', role: 'handler-or-head' },
      { url: '/feedback', method: 'GET', role: 'handler-or-head' },
      { url: '/audit', method: 'GET', role: '审计员' },
    ]
    for (const check of checks)
      for (const role of STAFF_ROLES) {
        const r = await app.inject({
          method: check.method,
          url: `/staff-api${check.url}`,
          ...(check.method === 'POST' ? { payload: {} } : {}),
          headers: { authorization: `Bearer ${tokens[role]}` },
        })
        const allowed =
          check.role === 'handler-or-head'
            ? ['投诉处理', '投诉负责人'].includes(role)
            : check.role === role
        expect([check.url, role, r.statusCode === 403]).toEqual([
          check.url,
          role,
          !allowed,
        ])
        if (!allowed) expect(r.json().message).toMatch(/^此操作需要“/)
      }
    // Account management is the administrator's, in the console only: a token never does it.
    const adminToken = await post(
      '/accounts',
      { accountName: 'x.y.z', displayName: '某', roles: [] },
      { authorization: `Bearer ${tokens['系统管理员']}` },
    )
    expect(adminToken.statusCode).toBe(403)
  })

  it('scopes and revokes personal API tokens', async () => {
    const who = await enrolled(['投诉处理', '投诉负责人'], 'zheng.both')
    const s = await signIn(who)
    const h = { cookie: s.cookie, 'x-csrf-token': s.csrf }
    expect(
      (await post('/me/tokens', { name: '越权', roles: ['审计员'] }, h))
        .statusCode,
    ).toBe(403)
    const made = (
      await post('/me/tokens', { name: '仅处理', roles: ['投诉处理'] }, h)
    ).json()
    const bearer = { authorization: `Bearer ${made.token}` }
    expect(
      (await post('/complaints/209901010001/actions/decide', {}, bearer))
        .statusCode,
    ).toBe(403)
    expect(
      (await post('/complaints/209901010001/actions/sign', {}, bearer))
        .statusCode,
    ).toBe(404)
    expect((await post(`/tokens/${made.id}/revoke`, {}, h)).statusCode).toBe(
      200,
    )
    const revoked = await app.inject({
      url: '/staff-api/complaints',
      headers: bearer,
    })
    expect(revoked.statusCode).toBe(401)
    expect(revoked.json().message).toBe('该个人API令牌已撤销')
  })

  it('keeps the audit log append-only in the database, searchable and exportable by the auditor', async () => {
    await expect(
      t.db.updateTable('staffAudit').set({ action: 'x' }).execute(),
    ).rejects.toThrow(/append-only/)
    await expect(t.db.deleteFrom('staffAudit').execute()).rejects.toThrow(
      /append-only/,
    )
    // The sign-ins the auditor looks for: one refused and two let in, made here so that the
    // test holds in any order.
    const audited = await enrolled(['投诉处理'], 'chen.audited')
    later(30_000)
    const refused = await wrongPasswordSignIn(audited)
    expect(refused.statusCode).toBe(401)
    await signIn(audited)
    await signIn(audited)
    const auditor = await enrolled(['审计员'], 'feng.auditor')
    const s = await signIn(auditor)
    const page = await app.inject({
      url: '/staff-api/audit?action=session.sign-in&accountName=chen.audited&pageSize=50',
      headers: { cookie: s.cookie },
    })
    expect(page.statusCode).toBe(200)
    const items = page.json().items as {
      action: string
      outcome: string
      address: string
    }[]
    expect(items.length).toBeGreaterThanOrEqual(3)
    expect(
      items.every(
        (i) => i.action === 'session.sign-in' && i.address === '127.0.0.1',
      ),
    ).toBe(true)
    expect(items.map((i) => i.outcome)).toContain('refused')
    const none = await app.inject({
      url: '/staff-api/audit?from=2030-01-01',
      headers: { cookie: s.cookie },
    })
    expect(none.json().total).toBe(0)
    const csv = await app.inject({
      url: '/staff-api/audit/export?accountName=chen.audited',
      headers: { cookie: s.cookie },
    })
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.body).toContain('"编号","时间","人员"')
    expect(csv.body).toContain('chen.audited')
    expect(await lastAudit()).toMatchObject({
      action: 'audit.export',
      accountName: 'feng.auditor',
      roles: '审计员',
    })
  })
})
