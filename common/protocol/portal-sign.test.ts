import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { buildPortalSignString, portalSign } from './portal-sign.ts'

const secret = 'portal-secret'

describe('buildPortalSignString', () => {
  it('drops empty values, sorts keys and writes numbers, booleans, objects and arrays', () => {
    const params = {
      pageSize: 10,
      pageNo: 1,
      ptype: 'jd',
      keyword: '',
      ctype: null,
      startTime: undefined,
      ids: [],
      flags: [1, 2],
      filter: { a: 1, b: '水' },
      ok: true,
      ts: 1700000000000,
      中文: '水利',
      Zone: 'x',
    }
    expect(buildPortalSignString(params, secret)).toBe(
      'Zone=x&filter={"a":1,"b":"水"}&flags=[1,2]&ok=true&pageNo=1&pageSize=10&ptype=jd' +
        '&ts=1700000000000&中文=水利&key=portal-secret',
    )
  })

  it('orders keys by code point, not by UTF-16 unit', () => {
    // U+FF21 sorts before U+20BB7 by code point; as UTF-16 units 0xD842 would come first.
    expect(buildPortalSignString({ '𠮷': 1, Ａ: 2 }, 's')).toBe(
      'Ａ=2&𠮷=1&key=s',
    )
  })

  it('keeps false and 0, which are not empty', () => {
    expect(buildPortalSignString({ b: 0, a: false }, 's')).toBe(
      'a=false&b=0&key=s',
    )
  })
})

describe('portalSign', () => {
  it('is the lowercase hex SHA-256 of the UTF-8 sign string, as node:crypto computes it', async () => {
    const params = { ts: 1700000000000, keyword: '水利工程', pageNo: 2 }
    const expected = createHash('sha256')
      .update(Buffer.from(buildPortalSignString(params, secret), 'utf8'))
      .digest('hex')
    expect(await portalSign(params, secret)).toBe(expected)
  })

  it('matches the known SHA-256 vector of "&key=abc" for no parameters', async () => {
    expect(buildPortalSignString({}, 'abc')).toBe('&key=abc')
    expect(await portalSign({}, 'abc')).toBe(
      createHash('sha256').update('&key=abc').digest('hex'),
    )
  })

  it('changes when any signed value changes', async () => {
    const a = await portalSign({ ts: 1, id: 5 }, secret)
    expect(await portalSign({ ts: 1, id: 6 }, secret)).not.toBe(a)
    expect(await portalSign({ ts: 1, id: 5 }, 'other')).not.toBe(a)
  })
})
