import { describe, expect, it } from 'vitest'

import { useConsoleTestApp } from '#tests/console-test-api.ts'
import { testEngines } from '#tests/db.ts'

describe.each(testEngines)('the audit log on %s', (engine) => {
  const {
    app,
    database,
    later,
    enrolled,
    signIn,
    wrongPasswordSignIn,
    lastAudit,
  } = useConsoleTestApp(engine)

  it('keeps the audit log append-only in the database, searchable and exportable by the auditor', async () => {
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
    // Its entries, these sign-ins' among them, can be neither changed nor removed.
    await expect(
      database().db.updateTable('staffAudit').set({ action: 'x' }).execute(),
    ).rejects.toThrow(/append-only/)
    await expect(
      database().db.deleteFrom('staffAudit').execute(),
    ).rejects.toThrow(/append-only/)
    const page = await app().inject({
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
    const none = await app().inject({
      url: '/staff-api/audit?from=2030-01-01',
      headers: { cookie: s.cookie },
    })
    expect(none.json().total).toBe(0)
    const csv = await app().inject({
      url: '/staff-api/audit/export?accountName=chen.audited',
      headers: { cookie: s.cookie },
    })
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.body).toContain('"编号","时间","人员"')
    expect(csv.body).toContain('chen.audited')
    // The action and what it recorded in Chinese, not the log's codes and JSON.
    expect(csv.body).toContain('"登录（session.sign-in）"')
    expect(csv.body).toMatch(/理由：|方式：/)
    expect(csv.body).not.toContain('{""')
    expect(await lastAudit()).toMatchObject({
      action: 'audit.export',
      accountName: 'feng.auditor',
      roles: '审计员',
    })
  })
})
