import { describe, expect, it } from 'vitest'

import { sessionAdvice } from './session-advice.ts'

const MIN = 60_000
const signedIn = 1_000_000_000
const base = {
  now: signedIn,
  lastActivityAt: 0,
  lastContactAt: signedIn,
  endsAt: signedIn + 12 * 60 * MIN,
}

describe('what the console does about its session', () => {
  it('renews it every five minutes while the person types, so typing never runs into the idle limit', () => {
    expect(
      sessionAdvice({
        ...base,
        now: signedIn + 4 * MIN,
        lastActivityAt: signedIn + 3 * MIN,
      }).kind,
    ).toBe('none')
    expect(
      sessionAdvice({
        ...base,
        now: signedIn + 5 * MIN,
        lastActivityAt: signedIn + 3 * MIN,
      }).kind,
    ).toBe('renew')
    // Typing for 29 minutes without a request: still renewed, never warned.
    expect(
      sessionAdvice({
        ...base,
        now: signedIn + 29 * MIN,
        lastActivityAt: signedIn + 29 * MIN,
      }).kind,
    ).toBe('renew')
  })

  it('warns five minutes before the idle limit when nobody touches the page, then says it has ended', () => {
    expect(sessionAdvice({ ...base, now: signedIn + 24 * MIN }).kind).toBe(
      'none',
    )
    expect(sessionAdvice({ ...base, now: signedIn + 26 * MIN })).toEqual({
      kind: 'idle-warning',
      leftMs: 4 * MIN,
    })
    expect(sessionAdvice({ ...base, now: signedIn + 30 * MIN })).toEqual({
      kind: 'expired',
      reason: '超过30分钟未操作，登录已过期，请重新登录',
    })
  })

  it('warns ten minutes before the twelve hours are up, and then says they are', () => {
    const late = { ...base, lastContactAt: signedIn + 11 * 60 * MIN + 51 * MIN }
    expect(sessionAdvice({ ...late, now: late.lastContactAt })).toEqual({
      kind: 'end-warning',
      leftMs: 9 * MIN,
    })
    expect(sessionAdvice({ ...late, now: base.endsAt })).toEqual({
      kind: 'expired',
      reason: '登录已超过12小时，请重新登录',
    })
  })

  it('says nothing before the session was first read', () => {
    expect(
      sessionAdvice({ ...base, lastContactAt: 0, endsAt: null }).kind,
    ).toBe('none')
  })
})
