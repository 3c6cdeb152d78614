import { describe, expect, it } from 'vitest'

import { idCardCheckCharacter, idCardNumberProblem } from './id-card-number.ts'

describe('the 居民身份证号码 (GB 11643-1999)', () => {
  it('accepts numbers whose check digit is right, X standing for 10', () => {
    // The standard's own example, and numbers ending in X and 0.
    for (const number of [
      '11010519491231002X',
      '440524188001010014',
      '650102199001011239',
      '65010219900103123X',
    ])
      expect(idCardNumberProblem(number)).toBeNull()
    expect(idCardCheckCharacter('11010519491231002')).toBe('X')
    expect(idCardCheckCharacter('1101051949123100A')).toBeUndefined()
  })

  it('refuses a wrong check digit, naming the right one', () => {
    expect(idCardNumberProblem('650102199001011234')).toBe(
      '身份证号码的最后一位校验码应为 9，请核对是否有输错的数字',
    )
    // Two digits swapped: the weights tell them apart.
    expect(idCardNumberProblem('650102199001011293')).toMatch(
      /最后一位校验码应为 8/,
    )
  })

  it('refuses a wrong length or a character that is not a digit, naming the place', () => {
    expect(idCardNumberProblem('65010219900101123')).toBe(
      '身份证号码应为18位，当前为17位',
    )
    expect(idCardNumberProblem('65010219900101A239')).toBe(
      '身份证号码第15位「A」无效：前17位只能是数字',
    )
    expect(idCardNumberProblem('65010219900101123Y')).toBe(
      '身份证号码第18位「Y」无效：只能是数字或 X',
    )
    expect(idCardNumberProblem('６50102199001011239')).toMatch(
      /第1位「６」无效/,
    )
  })
})
