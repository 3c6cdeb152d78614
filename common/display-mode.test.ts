import { describe, expect, it } from 'vitest'

import { displayModeCookie, displayModeOf, sitePathOf } from './display-mode.ts'
import { DisplayModeFormSchema } from './schemas/display-mode.ts'

describe('the display mode a request asks for', () => {
  it('is the 适老化 mode only when its cookie says exactly elder', () => {
    expect(displayModeOf('display-mode=elder')).toBe('elder')
    expect(displayModeOf('a=1; display-mode=elder; b=2')).toBe('elder')
    expect(displayModeOf('  display-mode = elder ')).toBe('elder')
  })

  it('is the standard mode without the cookie, for any other value, and for a malformed header', () => {
    for (const header of [
      undefined,
      null,
      '',
      'display-mode=',
      'display-mode=standard',
      'display-mode=Elder',
      'display-mode=elder2',
      'display-mode="elder"',
      'display-mode=elder%00',
      'x-display-mode=elder',
      'display-modes=elder',
      'display-mode',
      ';;;=;',
      `display-mode=${'e'.repeat(5000)}`,
    ])
      expect(displayModeOf(header), String(header)).toBe('standard')
  })

  it('is decided by the first of two cookies of the name, as browsers send the most specific first', () => {
    expect(displayModeOf('display-mode=elder; display-mode=standard')).toBe(
      'elder',
    )
    expect(displayModeOf('display-mode=x; display-mode=elder')).toBe('standard')
  })
})

describe('the cookie that keeps the mode', () => {
  it('keeps the 适老化 mode a year for the whole site, out of scripts, sent with links from other sites', () => {
    expect(displayModeCookie('elder', false)).toBe(
      'display-mode=elder; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax',
    )
    expect(displayModeCookie('elder', true)).toBe(
      'display-mode=elder; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure',
    )
  })

  it('is removed for the standard mode', () => {
    expect(displayModeCookie('standard', false)).toBe(
      'display-mode=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    )
  })

  it('is read back as the mode it keeps', () => {
    const value = (cookie: string) => cookie.split(';')[0]
    expect(displayModeOf(value(displayModeCookie('elder', true)))).toBe('elder')
    expect(displayModeOf(value(displayModeCookie('standard', true)))).toBe(
      'standard',
    )
  })
})

describe('where switching the mode returns to', () => {
  it('is the page of this site it was asked from, with its query, without its fragment', () => {
    expect(sitePathOf('/')).toBe('/')
    expect(sitePathOf('/index/newList?page=2&keyword=水利')).toBe(
      `/index/newList?page=2&keyword=${encodeURIComponent('水利')}`,
    )
    expect(sitePathOf('/business/detail?id=51#top')).toBe(
      '/business/detail?id=51',
    )
    expect(sitePathOf('/policies/../index/new')).toBe('/index/new')
  })

  it('is nothing for another site, a scheme, or what browsers would read differently', () => {
    for (const wanted of [
      undefined,
      42,
      ['/index/new'],
      '',
      'index/new',
      'https://evil.example/',
      'http:/evil.example/',
      '//evil.example/',
      '///evil.example/',
      '/\\evil.example/',
      '/\\/evil.example/',
      '\\\\evil.example/',
      'javascript:alert(1)',
      '/ /evil.example',
      '/index/new\nSet-Cookie: x=1',
      '/index/new\r',
      '/index/\u0000',
      '/\t/evil.example',
      `/${'a'.repeat(2000)}`,
    ])
      expect(sitePathOf(wanted), JSON.stringify(wanted)).toBeUndefined()
  })

  it('is refused by the switch’s form with a Chinese reason, as is a mode it does not know', () => {
    expect(
      DisplayModeFormSchema.parse({ mode: 'elder', back: '/search?keyword=a' }),
    ).toEqual({ mode: 'elder', back: '/search?keyword=a' })
    const offSite = DisplayModeFormSchema.safeParse({
      mode: 'elder',
      back: '//evil.example/',
    })
    expect(offSite.error?.issues.map((issue) => issue.message)).toEqual([
      '返回地址无效',
    ])
    const unknown = DisplayModeFormSchema.safeParse({
      mode: 'large',
      back: '/',
    })
    expect(unknown.error?.issues.map((issue) => issue.message)).toEqual([
      '显示模式无效',
    ])
  })
})
