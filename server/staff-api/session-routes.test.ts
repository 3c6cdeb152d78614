import { describe, expect, it } from 'vitest'

import {
  failedSignInsNotice,
  SIGN_IN_REFUSED,
} from '#common/constants/staff.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { CONSOLE_PASSWORD, useConsoleTestApp } from '#tests/console-test-api.ts'
import { testEngines } from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'

describe.each(testEngines)('staff sign-in and sessions on %s', (engine) => {
  const {
    app,
    database,
    now,
    later,
    code,
    post,
    tokenOf,
    enrolled,
    signIn,
    wrongPasswordSignIn,
    lastAudit,
  } = useConsoleTestApp(engine)

  it('sets up a first administrator through a one-time link that expires in 24 hours', async () => {
    const { setupUrl } = await app().staff.createAccount(
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
    const info = await app().inject({ url: `/staff-api/setup?token=${token}` })
    expect(info.json()).toMatchObject({
      accountName: 'wang.admin',
      displayName: '王管理',
    })
    for (const [password, message] of [
      ['short-pass', '密码至少需要12个字符'],
      [
        'qwertyuiop123',
        '该密码容易被猜中，请换一个。这是常见的密码。再加几个不常见的词语。',
      ],
      ['my-wang.admin-pass', '密码不能包含账号名'],
    ])
      expect(
        (await post('/setup/password', { token, password })).json().message,
      ).toBe(message)
    const begun = (
      await post('/setup/password', { token, password: CONSOLE_PASSWORD })
    ).json()
    expect(begun.otpauthUri).toMatch(/^otpauth:\/\/totp\//)
    const wrong = await post('/setup/factor', { token, code: '000000' })
    expect(wrong.statusCode).toBe(400)
    expect(
      (await post('/setup/factor', { token, code: code(begun.secret) }))
        .statusCode,
    ).toBe(200)
    const reused = await post('/setup/password', {
      token,
      password: CONSOLE_PASSWORD,
    })
    expect(reused.statusCode).toBe(410)
    expect(reused.json().message).toContain('已使用过')
    // A second link, unused for more than 24 hours.
    const { setupUrl: other } = await app().staff.createAccount(
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
      password: CONSOLE_PASSWORD,
    })
    expect(expired.statusCode).toBe(410)
    expect(expired.json().message).toContain('已过期')
    expect((await lastAudit()).outcome).toBe('refused')
  })

  it('gives a wrong password, a wrong code and a replayed code one answer, so a password is never confirmed without its code', async () => {
    const who = await enrolled(['投诉处理'], 'li.handler')
    later(30_000)
    const wrongPassword = await wrongPasswordSignIn(who)
    expect(wrongPassword.statusCode).toBe(401)
    expect(wrongPassword.json()).toEqual({ message: SIGN_IN_REFUSED })
    const afterWrongPassword = await lastAudit()
    const wrongCode = await post('/session', {
      accountName: who.accountName,
      password: CONSOLE_PASSWORD,
      code: '123456' === code(who.secret) ? '654321' : '123456',
    })
    expect(wrongCode.statusCode).toBe(wrongPassword.statusCode)
    expect(wrongCode.json()).toEqual(wrongPassword.json())
    const afterWrongCode = await lastAudit()
    // The auditor alone learns which it was.
    for (const [entry, cause] of [
      [afterWrongPassword, '密码错误'],
      [afterWrongCode, '动态验证码错误'],
    ] as const) {
      expect(entry).toMatchObject({
        action: 'session.sign-in',
        outcome: 'refused',
        accountName: 'li.handler',
        target: 'li.handler',
        roles: '',
      })
      expect(JSON.parse(entry.detail)).toEqual({
        method: 'password',
        reason: SIGN_IN_REFUSED,
        cause,
      })
    }
    const good = {
      accountName: who.accountName,
      password: CONSOLE_PASSWORD,
      code: code(who.secret),
    }
    const first = await post('/session', good)
    expect(first.statusCode).toBe(200)
    expect(String(first.headers['set-cookie'])).toMatch(
      /^staff-session=[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/,
    )
    const replay = await post('/session', good)
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toEqual(wrongPassword.json())
    expect(JSON.parse((await lastAudit()).detail).cause).toBe(
      '动态验证码已使用过',
    )
  })

  it('answers an unknown, a disabled and a not yet set up account as a wrong password, even with the right password and code', async () => {
    const admin = await enrolled(['系统管理员'], 'he.admin')
    const disabled = await enrolled(['投诉处理'], 'ma.disabled')
    const a = await signIn(admin)
    const { id } = await database()
      .db.selectFrom('staffAccount')
      .select('id')
      .where('accountName', '=', disabled.accountName)
      .executeTakeFirstOrThrow()
    expect(
      (
        await post(
          `/accounts/${id}/disabled`,
          { isDisabled: true },
          { cookie: a.cookie, 'x-csrf-token': a.csrf },
        )
      ).statusCode,
    ).toBe(200)
    // A new person who has set a password through the link but not yet bound an authenticator.
    const { setupUrl } = await app().staff.createAccount(
      null,
      { address: '127.0.0.1' },
      { accountName: 'xu.halfway', displayName: '许半途', roles: ['投诉处理'] },
    )
    const begun = await post('/setup/password', {
      token: tokenOf(setupUrl),
      password: CONSOLE_PASSWORD,
    })
    expect(begun.statusCode).toBe(200)
    later(30_000)
    const attempts = [
      ['no.such.person', '123456', '账号不存在'],
      [disabled.accountName, code(disabled.secret), '账号已停用'],
      ['xu.halfway', code(begun.json().secret), '账号尚未完成设置'],
    ]
    for (const [accountName, totp, cause] of attempts) {
      const answer = await post('/session', {
        accountName,
        password: CONSOLE_PASSWORD,
        code: totp,
      })
      expect(answer.statusCode, accountName).toBe(401)
      expect(answer.json(), accountName).toEqual({ message: SIGN_IN_REFUSED })
      const entry = await lastAudit()
      expect(entry).toMatchObject({
        action: 'session.sign-in',
        outcome: 'refused',
        accountName,
        target: accountName,
        roles: '',
      })
      expect(JSON.parse(entry.detail)).toEqual({
        method: 'password',
        reason: SIGN_IN_REFUSED,
        cause,
      })
    }
  })

  it('makes the session cookie Secure (__Host-) when a trusted proxy says the visit came over TLS, and not for a forged header', async () => {
    const who = await enrolled(['投诉处理'], 'sun.tls')
    // The load balancer terminates TLS at 10.0.0.5 and says so in X-Forwarded-Proto.
    const behindProxy = await buildTestApp(database(), {
      now,
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
            password: CONSOLE_PASSWORD,
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
    const nested = await app().inject({
      method: 'POST',
      url: '/staff-api/session',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    })
    expect(nested.statusCode).toBe(400)
    expect(nested.json().message).toBe('请求数据嵌套层级过多')
    const large = await app().inject({
      method: 'POST',
      url: '/staff-api/session',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ accountName: 'x'.repeat(300 * 1024) }),
    })
    expect(large.statusCode).toBe(413)
    expect(large.json().message).toBe('请求内容过大')
  })

  // Tries from a given loopback address, as a client there would send them (no proxy trusted).
  const signInFrom = (
    remoteAddress: string,
    payload: { accountName: string; password: string; code: string },
  ) =>
    app().inject({
      method: 'POST',
      url: '/staff-api/session',
      remoteAddress,
      payload,
    })
  const wrongTry = (accountName: string) => ({
    accountName,
    password: 'wrong-password-1',
    code: '000000',
  })
  const rightTry = (who: { accountName: string; secret: string }) => ({
    accountName: who.accountName,
    password: CONSOLE_PASSWORD,
    code: code(who.secret),
  })
  const accountId = async (accountName: string) =>
    (
      await database()
        .db.selectFrom('staffAccount')
        .select('id')
        .where('accountName', '=', accountName)
        .executeTakeFirstOrThrow()
    ).id

  it('lets the owner in with the right password and code within a minute of fifty wrong tries from other addresses', async () => {
    const who = await enrolled(['投诉处理'], 'zhou.owner')
    // The owner's desk, where they signed in before.
    await signIn(who)
    const started = now().getTime()
    const answers = []
    for (let i = 0; i < 50; i++) {
      answers.push(
        await signInFrom(`127.0.0.${i + 2}`, wrongTry(who.accountName)),
      )
      later(1000)
    }
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(
      new Set([401, 429]),
    )
    for (const answer of answers)
      expect(answer.json().message).toMatch(
        answer.statusCode === 401
          ? SIGN_IN_REFUSED
          : /^尝试次数过多，请在\d+秒后重试$/,
      )
    // From the desk at once, and from a new place once the account's wait (at most 60 s) is over.
    later(30_000)
    expect((await signInFrom('127.0.0.1', rightTry(who))).statusCode).toBe(200)
    later(30_000)
    const travelling = await signInFrom('127.0.0.200', rightTry(who))
    expect(travelling.statusCode).toBe(200)
    expect(now().getTime() - started).toBeLessThanOrEqual(2 * 60_000)
  })

  it('counts a guesser who forges X-Forwarded-For by the address it comes from', async () => {
    await enrolled(['投诉处理'], 'sun.forged')
    const answers = []
    for (let i = 0; i < 7; i++)
      answers.push(
        await app().inject({
          method: 'POST',
          url: '/staff-api/session',
          remoteAddress: '198.51.100.7',
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          payload: wrongTry('sun.forged'),
        }),
      )
    expect(answers.map((a) => a.statusCode)).toEqual([
      401, 401, 401, 401, 401, 429, 429,
    ])
    later(60_000)
  })

  it('throttles an unknown and a known name alike: growing waits, the same status and text', async () => {
    await enrolled(['投诉处理'], 'wu.known')
    const seen: string[][] = []
    for (const [index, name] of ['wu.known', 'no.such.name'].entries()) {
      const address = `127.0.1.${index + 1}`
      const answers = []
      for (let i = 0; i < 5; i++)
        answers.push(await signInFrom(address, wrongTry(name)))
      // The sixth at once waits 1 s; after it, the seventh 2 s.
      answers.push(await signInFrom(address, wrongTry(name)))
      later(1000)
      answers.push(await signInFrom(address, wrongTry(name)))
      answers.push(await signInFrom(address, wrongTry(name)))
      seen.push(answers.map((a) => `${a.statusCode} ${a.json().message}`))
      later(60_000)
    }
    const refused = `401 ${SIGN_IN_REFUSED}`
    expect(seen[0]).toEqual([
      ...Array(5).fill(refused),
      '429 尝试次数过多，请在1秒后重试',
      refused,
      '429 尝试次数过多，请在2秒后重试',
    ])
    expect(seen[1]).toEqual(seen[0])
    expect(JSON.parse((await lastAudit()).detail)).toEqual({
      method: 'password',
      reason: '尝试次数过多，请在2秒后重试',
      cause: '尝试次数过多',
    })
  })

  it('lets an administrator 解锁 an account, so a new place need not wait out the guessing', async () => {
    const admin = await enrolled(['系统管理员'], 'qian.admin')
    const who = await enrolled(['投诉处理'], 'qian.handler')
    // Sixteen tries a minute apart: each waits out the last, so the wait has grown to its cap.
    for (let i = 0; i < 16; i++) {
      later(60_000)
      await signInFrom(`127.0.2.${i + 1}`, wrongTry(who.accountName))
    }
    // Never signed in from here: held back by the guessing on the account.
    const held = await signInFrom('127.0.2.100', rightTry(who))
    expect(held.statusCode).toBe(429)
    expect(held.json().message).toBe('尝试次数过多，请在60秒后重试')
    const a = await signIn(admin)
    const id = await accountId(who.accountName)
    const headers = { cookie: a.cookie, 'x-csrf-token': a.csrf }
    const unlocked = await post(`/accounts/${id}/unlock`, {}, headers)
    expect(unlocked.statusCode).toBe(200)
    expect(unlocked.json()).toMatchObject({
      accountName: who.accountName,
      failedSignIns: 16,
    })
    expect(await lastAudit()).toMatchObject({
      action: 'account.unlock',
      accountName: 'qian.admin',
      target: who.accountName,
      outcome: 'ok',
    })
    expect((await signInFrom('127.0.2.100', rightTry(who))).statusCode).toBe(
      200,
    )
    // Someone not an administrator may not.
    const own = await signIn(who)
    const byOwner = await post(
      `/accounts/${id}/unlock`,
      {},
      { cookie: own.cookie, 'x-csrf-token': own.csrf },
    )
    expect(byOwner.statusCode).toBe(403)
  })

  it('tells the person at the next sign-in of repeated failures on their account, and when and where the latest came from', async () => {
    const who = await enrolled(['投诉处理'], 'zheng.told')
    for (let i = 0; i < 5; i++)
      await signInFrom('127.0.3.9', wrongTry(who.accountName))
    const lastFailedAt = now()
    later(60_000)
    const first = await signInFrom('127.0.0.1', rightTry(who))
    expect(first.statusCode).toBe(200)
    const { failedSignIns } = first.json()
    expect(failedSignIns).toEqual({
      count: 5,
      lastAt: toShanghaiText(lastFailedAt),
      lastAddress: '127.0.3.9',
    })
    expect(failedSignInsNotice(failedSignIns)).toBe(
      `自上次登录以来，您的账号有5次登录失败，最近一次来自127.0.3.9（${toShanghaiText(lastFailedAt)}）。如非本人操作，请修改密码并告知系统管理员。`,
    )
    const audit = await database()
      .db.selectFrom('staffAudit')
      .select(['action', 'address'])
      .where('target', '=', who.accountName)
      .where('action', '=', 'account.sign-in-failures')
      .execute()
    expect(audit).toEqual([
      { action: 'account.sign-in-failures', address: '127.0.3.9' },
    ])
    // Told once.
    later(30_000)
    const second = await signInFrom('127.0.0.1', rightTry(who))
    expect(second.json().failedSignIns).toBe(null)
  })

  it('expires a session after 30 idle minutes and after 12 hours in all; CSRF on every change', async () => {
    const who = await enrolled(['投诉处理', '投诉负责人'], 'sun.worker')
    let s = await signIn(who)
    const me = () =>
      app().inject({ url: '/staff-api/session', headers: { cookie: s.cookie } })
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
      await database()
        .db.selectFrom('staffApiToken')
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
    const signedInAt = now().getTime()
    let total = await me()
    for (let i = 0; i < 30 && total.statusCode === 200; i++) {
      later(29 * 60_000)
      total = await me()
    }
    // Active every 29 minutes, it still ends 12 hours after sign-in.
    expect(now().getTime() - signedInAt).toBeGreaterThanOrEqual(12 * 3600_000)
    expect(total.statusCode).toBe(401)
    expect(total.json().message).toContain('12小时')
    const forged = await app().inject({
      url: '/staff-api/session',
      headers: { cookie: `staff-session=${'A'.repeat(43)}` },
    })
    expect(forged.statusCode).toBe(401)
    expect(await lastAudit()).toMatchObject({
      outcome: 'refused',
      accountName: '（未识别）',
    })
  })
})
