import { describe, expect, it } from 'vitest'

import { type ImportToken, toPlatformToken } from './platform-token-api.ts'

const token: ImportToken = {
  id: 7,
  accountName: 'xj.ggzy',
  name: '自治区交易平台推送',
  // Beijing time, as the server writes it
  expiresAt: '2026-12-08 09:00:00',
  isRevoked: false,
  isTrusted: false,
}
const names = new Map([['xj.ggzy', '自治区公共资源交易平台']])

describe('a row of 交易平台令牌', () => {
  it('is expired from its expiry in Beijing time on, not before', () => {
    expect(
      toPlatformToken(token, names, new Date('2026-12-08T00:59:59Z')).isExpired,
    ).toBe(false)
    expect(
      toPlatformToken(token, names, new Date('2026-12-08T01:00:00Z')).isExpired,
    ).toBe(true)
  })

  it('names the account from the account list, or not at all', () => {
    const now = new Date('2026-11-01T00:00:00Z')
    expect(toPlatformToken(token, names, now)).toEqual({
      ...token,
      displayName: '自治区公共资源交易平台',
      isExpired: false,
    })
    expect(toPlatformToken(token, new Map(), now).displayName).toBeNull()
  })
})
