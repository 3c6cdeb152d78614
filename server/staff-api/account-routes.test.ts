import { describe, expect, it } from 'vitest'

import { useConsoleTestApp } from '#tests/console-test-api.ts'
import { testEngines } from '#tests/db.ts'

describe.each(testEngines)('staff accounts on %s', (engine) => {
  const { app, database, post, enrolled, signIn } = useConsoleTestApp(engine)

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
    const workerRow = await database()
      .db.selectFrom('staffAccount')
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
    const dead = await app().inject({
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
    const workbench = await app().inject({
      url: '/staff-api/complaints',
      headers: { cookie: a.cookie },
    })
    expect(workbench.statusCode).toBe(403)
    expect(workbench.json().message).toContain('投诉处理')
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
    const revoked = await app().inject({
      url: '/staff-api/complaints',
      headers: bearer,
    })
    expect(revoked.statusCode).toBe(401)
    expect(revoked.json().message).toBe('该个人API令牌已撤销')
  })
})
