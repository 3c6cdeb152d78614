import { describe, expect, it } from 'vitest'

import { CONSOLE_PASSWORD, useConsoleTestApp } from '#tests/console-test-api.ts'
import { createOfficialToken } from '#tests/complaint-test-api.ts'
import { testEngines } from '#tests/db.ts'

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
    const refused = await me(phone.cookie)
    expect(refused.statusCode).toBe(401)
    expect(refused.json().message).toBe('登录已结束，请重新登录')
    expect((await me(laptop.cookie)).statusCode).toBe(200)
    expect(changed.json()).toEqual({ ok: true, endedSessions: 1 })
    expect(await lastAudit()).toMatchObject({
      action: 'self.password',
      outcome: 'ok',
      accountName: 'lin.changer',
    })
    expect(JSON.parse((await lastAudit()).detail)).toEqual({
      endedSessions: 1,
    })

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
