import { describe, expect, it } from 'vitest'

import { desensitize, ellipsis } from './text.ts'

describe('desensitize', () => {
  it('keeps 4 characters at each end of a phone number and masks the middle', () => {
    expect(desensitize('13812345678')).toBe('1381***5678')
  })

  it('keeps the requested number of characters at each end', () => {
    expect(desensitize('650102199004011234', 6)).toBe('650102******011234')
  })

  it('keeps fewer characters on short strings so that something is always masked', () => {
    expect(desensitize('12345678')).toBe('123**678')
    expect(desensitize('123456789')).toBe('1234*6789')
    expect(desensitize('abc')).toBe('a*c')
    expect(desensitize('ab')).toBe('**')
    expect(desensitize('a')).toBe('*')
    expect(desensitize('')).toBe('')
  })

  it('masks a Chinese name by characters, not by UTF-16 units', () => {
    expect(desensitize('张三')).toBe('**')
    expect(desensitize('欧阳娜娜')).toBe('欧**娜')
    expect(desensitize('新疆维吾尔自治区水利厅')).toBe('新疆维吾***区水利厅')
  })

  it('never splits a character outside the basic plane', () => {
    expect(desensitize('𠮷野家𠮷')).toBe('𠮷**𠮷')
  })

  it('treats a missing value as empty text', () => {
    expect(desensitize(null)).toBe('')
    expect(desensitize(undefined)).toBe('')
  })
})

describe('ellipsis', () => {
  it('cuts long text and appends ...', () => {
    expect(ellipsis('关于开展水利工程招标投标专项检查的通知', 8)).toBe(
      '关于开展水利工程...',
    )
  })

  it('leaves text that fits unchanged, without ...', () => {
    expect(ellipsis('通知公告', 4)).toBe('通知公告')
    expect(ellipsis('通知', 10)).toBe('通知')
  })

  it('counts code points, so a cut never leaves half a character', () => {
    expect(ellipsis('𠮷𠮷𠮷', 2)).toBe('𠮷𠮷...')
  })

  it('gives only ... when the length is 0', () => {
    expect(ellipsis('abc', 0)).toBe('...')
  })
})
