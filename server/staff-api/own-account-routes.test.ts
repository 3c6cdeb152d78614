import { describe, expect, it } from 'vitest'

import { CONSOLE_PASSWORD, useConsoleTestApp } from '#tests/console-test-api.ts'
import { createOfficialToken } from '#tests/complaint-test-api.ts'
import { testEngines } from '#tests/db.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'

const NEW_PASSWORD = '塔里木河-yarkand-2027!'

describe.each(testEngines)('one’s own sessions on %s', (engine) => {
  const { app, database, later, code, post, enrolled, signIn, lastAudit } =
    useConsoleTestApp(engine)

  const me = (cookie: string) =>
    app().inject({ url: '/staff-api/session', headers: { cookie } })

  it('ends the person’s other sessions when the password is changed, and keeps the one that changed it', async () => {
    const who = await enrolled(['投诉处理'], 'lin.changer')
    const laptop = await signIn(who)
    const phone = await signIn(who)
    expect((await me(phone.cookie)).statusCode).toBe(200)

    const changed = await post(
      '/me/password',
      { currentPassword: CONSOLE_PASSWORD, newPassword: NEW_PASSWORD },
      { cookie: laptop.cookie, 'x-csrf-token': laptop.csrf },
    )
    expect(changed.statusCode).toBe(200)
    const entry = await lastAudit()
    const refused = await me(phone.cookie)
    expect(refused.statusCode).toBe(401)
    expect(refused.json().message).toBe('登录已结束，请重新登录')
    expect((await me(laptop.cookie)).statusCode).toBe(200)
    expect(changed.json()).toEqual({ ok: true, endedSessions: 1 })
    expect(entry).toMatchObject({
      action: 'self.password',
      outcome: 'ok',
      accountName: 'lin.changer',
    })
    expect(JSON.parse(entry.detail)).toEqual({ endedSessions: 1 })

    expect(
      (
        await post(
          '/me/tokens',
          { name: '改密后', roles: ['投诉处理'] },
          { cookie: laptop.cookie, 'x-csrf-token': laptop.csrf },
        )
      ).statusCode,
    ).toBe(200)

    later(30_000)
    const again = await post('/session', {
      accountName: who.accountName,
      password: NEW_PASSWORD,
      code: code(who.secret),
    })
    expect(again.statusCode).toBe(200)
  })

  it('ends every session of a person whose factor and password the administrator resets', async () => {
    const admin = await enrolled(['系统管理员'], 'gao.admin')
    const who = await enrolled(['投诉处理'], 'gao.worker')
    const a = await signIn(admin)
    const first = await signIn(who)
    const second = await signIn(who)
    const { id } = await database()
      .db.selectFrom('staffAccount')
      .select('id')
      .where('accountName', '=', who.accountName)
      .executeTakeFirstOrThrow()
    const reset = await post(
      `/accounts/${id}/reset-factor`,
      {},
      { cookie: a.cookie, 'x-csrf-token': a.csrf },
    )
    expect(reset.statusCode).toBe(200)
    expect(JSON.parse((await lastAudit()).detail)).toEqual({
      endedSessions: 2,
    })
    for (const session of [first, second])
      expect((await me(session.cookie)).statusCode).toBe(401)
    expect((await me(a.cookie)).statusCode).toBe(200)
  })

  it('lets a person end their other live sessions and tells how many ended', async () => {
    const who = await enrolled(['投诉处理'], 'ye.many')
    const forgotten = await signIn(who)
    // Left idle past 30 minutes: already over, not counted.
    later(31 * 60_000)
    const desk = await signIn(who)
    const phone = await signIn(who)
    const tablet = await signIn(who)
    const h = { cookie: desk.cookie, 'x-csrf-token': desk.csrf }

    const withoutCsrf = await post(
      '/me/sessions/end-others',
      {},
      { cookie: desk.cookie },
    )
    expect(withoutCsrf.statusCode).toBe(403)
    expect((await me(phone.cookie)).statusCode).toBe(200)
    const token = await createOfficialToken(app(), '叶某', ['投诉处理'])
    const byToken = await post(
      '/me/sessions/end-others',
      {},
      { authorization: `Bearer ${token}` },
    )
    expect(byToken.statusCode).toBe(403)

    const ended = await post('/me/sessions/end-others', {}, h)
    expect(ended.statusCode).toBe(200)
    expect(ended.json()).toEqual({ endedSessions: 2 })
    expect(await lastAudit()).toMatchObject({
      action: 'self.end-other-sessions',
      outcome: 'ok',
      accountName: 'ye.many',
      target: 'ye.many',
    })
    expect(JSON.parse((await lastAudit()).detail)).toEqual({
      endedSessions: 2,
    })
    for (const session of [phone, tablet, forgotten])
      expect((await me(session.cookie)).statusCode).toBe(401)
    expect((await me(desk.cookie)).statusCode).toBe(200)
    expect((await post('/me/sessions/end-others', {}, h)).json()).toEqual({
      endedSessions: 0,
    })
  })
})

describe.each(testEngines)('personal API tokens on %s', (engine) => {
  const { app, now, later, post, enrolled, signIn, lastAudit } =
    useConsoleTestApp(engine)

  const DAY = 24 * 3600_000
  const complaintsWith = (token: string) =>
    app().inject({
      url: '/staff-api/complaints',
      headers: { authorization: `Bearer ${token}` },
    })

  it('expire after the days chosen at creation (90 unless chosen, at most 365), and refuse and audit an expired one', async () => {
    const who = await enrolled(['投诉处理'], 'qin.tokens')
    const s = await signIn(who)
    const h = { cookie: s.cookie, 'x-csrf-token': s.csrf }
    const tooLong = await post(
      '/me/tokens',
      { name: '太长', roles: ['投诉处理'], lifetimeDays: 366 },
      h,
    )
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().message).toContain('有效期最长365天')
    const madeAt = now().getTime()
    const usual = (
      await post('/me/tokens', { name: '常规', roles: ['投诉处理'] }, h)
    ).json()
    expect(usual.expiresAt).toBe(toShanghaiText(new Date(madeAt + 90 * DAY)))
    const short = (
      await post(
        '/me/tokens',
        { name: '短期', roles: ['投诉处理'], lifetimeDays: 30 },
        h,
      )
    ).json()
    expect(short.expiresAt).toBe(toShanghaiText(new Date(madeAt + 30 * DAY)))
    expect((await complaintsWith(short.token)).statusCode).toBe(200)

    later(30 * DAY)
    const expired = await complaintsWith(short.token)
    expect(expired.statusCode).toBe(401)
    expect(expired.json().message).toBe(
      `该个人API令牌已于${short.expiresAt}过期，请令牌所有人在管理控制台“我的账号”中创建新令牌`,
    )
    const entry = await lastAudit()
    expect(entry).toMatchObject({
      action: 'token.use',
      outcome: 'refused',
      accountName: 'qin.tokens',
      target: `qin.tokens/${short.id}`,
      roles: '',
    })
    expect(JSON.parse(entry.detail)).toEqual({
      name: '短期',
      expiredAt: short.expiresAt,
      request: 'GET /staff-api/complaints',
      reason: expired.json().message,
    })
    expect((await complaintsWith(usual.token)).statusCode).toBe(200)

    const again = await signIn(who)
    const listed = await app().inject({
      url: '/staff-api/me/tokens',
      headers: { cookie: again.cookie },
    })
    expect(
      listed.json().items.map((t: Record<string, unknown>) => ({
        name: t.name,
        expiresAt: t.expiresAt,
        isExpired: t.isExpired,
      })),
    ).toEqual([
      { name: '常规', expiresAt: usual.expiresAt, isExpired: false },
      { name: '短期', expiresAt: short.expiresAt, isExpired: true },
    ])
  })

  it('keep their last use to the minute, written at most once a minute', async () => {
    const who = await enrolled(['投诉处理'], 'qin.usage')
    const s = await signIn(who)
    const made = (
      await post(
        '/me/tokens',
        { name: '对接', roles: ['投诉处理'] },
        { cookie: s.cookie, 'x-csrf-token': s.csrf },
      )
    ).json()
    const lastUsed = async () =>
      (
        await app().inject({
          url: '/staff-api/me/tokens',
          headers: { cookie: s.cookie },
        })
      )
        .json()
        .items.find((t: { id: number }) => t.id === made.id).lastUsedAt
    expect(await lastUsed()).toBeNull()

    later(5_000)
    const firstUse = toShanghaiText(now())
    expect((await complaintsWith(made.token)).statusCode).toBe(200)
    expect(await lastUsed()).toBe(firstUse)
    later(50_000)
    expect((await complaintsWith(made.token)).statusCode).toBe(200)
    expect(await lastUsed()).toBe(firstUse)
    later(10_000)
    expect((await complaintsWith(made.token)).statusCode).toBe(200)
    expect(await lastUsed()).toBe(toShanghaiText(now()))
  })
})
