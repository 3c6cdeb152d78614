import { describe, expect, it } from 'vitest'

import { routeRefusal } from './console-refusal.ts'
import { StaffApiError } from './staff-api-error.ts'

const thrownBy = (act: () => unknown) => {
  try {
    act()
  } catch (thrown) {
    return thrown
  }
  throw new Error('nothing was thrown')
}

describe('a console page whose data is refused', () => {
  it('sends an ended session to the sign-in page, keeping where the person was', () => {
    const answer = thrownBy(() =>
      routeRefusal(
        new StaffApiError(401, '超过30分钟未操作，登录已过期，请重新登录', {
          isSessionEnded: true,
          hasEndedInUse: true,
        }),
        'http://console.test/admin/accounts?x=1',
      ),
    ) as Response
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe(
      '/admin/login?next=%2Fadmin%2Faccounts%3Fx%3D1',
    )
  })

  it('shows any other refusal with the server’s message and status', () => {
    const answer = thrownBy(() =>
      routeRefusal(
        new StaffApiError(403, '此操作需要“审计员”角色，您的角色：投诉处理'),
        'http://console.test/admin/audit',
      ),
    )
    // The router hands this to the page's error boundary as a 403 with the message.
    expect(answer).toMatchObject({
      init: { status: 403 },
      data: { message: '此操作需要“审计员”角色，您的角色：投诉处理' },
    })
  })
})
