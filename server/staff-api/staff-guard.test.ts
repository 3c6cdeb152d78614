import { describe, expect, it } from 'vitest'

import {
  COMPLAINT_ACTION_ROLE,
  FEEDBACK_REPLY_ROLE,
  ROLE_HEAD,
  STAFF_ROLES,
  type StaffRole,
} from '#common/constants/staff.ts'
import { STAFF_ACTIONS } from '#common/schemas/complaint/complaint-staff.ts'
import { createOfficialToken } from '#tests/complaint-test-api.ts'
import { useConsoleTestApp } from '#tests/console-test-api.ts'
import { testEngines } from '#tests/db.ts'

describe.each(testEngines)('the staff API’s roles on %s', (engine) => {
  const { app, post } = useConsoleTestApp(engine)

  it('checks the role of every action, for each role', async () => {
    const tokens = Object.fromEntries(
      await Promise.all(
        STAFF_ROLES.map(async (role) => [
          role,
          await createOfficialToken(app(), role, [role]),
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
      // 拟稿 is for either complaint role; 核稿 (returning) is a head's.
      ...[
        'decision-preview',
        'decision-draft/submit',
        'publication-draft/submit',
      ].map((path) => ({
        url: `/complaints/209901010001/${path}`,
        method: 'POST' as const,
        role: 'handler-or-head' as const,
      })),
      ...['decision-draft/return', 'publication-draft/return'].map((path) => ({
        url: `/complaints/209901010001/${path}`,
        method: 'POST' as const,
        role: ROLE_HEAD,
      })),
      {
        url: '/complaints/209901010001/decision-draft',
        method: 'GET',
        role: 'handler-or-head',
      },
      {
        url: '/feedback/999999/approve',
        method: 'POST',
        role: 'handler-or-head',
      },
      { url: '/complaints', method: 'GET', role: 'handler-or-head' },
      { url: '/complaints/dashboard', method: 'GET', role: 'handler-or-head' },
      { url: '/feedback', method: 'GET', role: 'handler-or-head' },
      { url: '/audit', method: 'GET', role: '审计员' },
      { url: '/supervision/warnings', method: 'GET', role: '监督检查' },
      { url: '/supervision/figures', method: 'GET', role: '监督检查' },
      ...['assign', 'dispose'].map((action) => ({
        url: `/supervision/warnings/999999/${action}`,
        method: 'POST' as const,
        role: '监督检查' as const,
      })),
    ]
    for (const check of checks)
      for (const role of STAFF_ROLES) {
        const r = await app().inject({
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
})
