import { describe, expect, it } from 'vitest'

import { creditPublicUntil } from '#common/constants/credit.ts'
import { creditFields } from '#tests/credit-fixtures.ts'

import { CreditCodeSchema, creditCodeCheckCharacter } from './credit.ts'
import { CreditFieldsSchema } from './content/credit-fields.ts'

const messageOf = (value: string) => {
  const parsed = CreditCodeSchema.safeParse(value)
  return parsed.success ? null : parsed.error.issues[0]?.message
}

describe('the 统一社会信用代码 (GB 32100-2015)', () => {
  it('accepts codes registered in the national system, typed in small letters and with spaces around', () => {
    // Published codes of well-known companies and one of the standard's examples.
    for (const code of [
      '914403001922038216',
      '9144030071526726XG',
      '91330100716105852F',
      '91350100M000100Y43',
    ])
      expect(messageOf(code)).toBeNull()
    expect(CreditCodeSchema.parse('  9144030071526726xg ')).toBe(
      '9144030071526726XG',
    )
  })

  it('computes the check character as the standard does, 0 where the remainder is 31', () => {
    expect(creditCodeCheckCharacter('91440300192203821')).toBe('6')
    expect(creditCodeCheckCharacter('91350100M000100Y4')).toBe('3')
    expect(creditCodeCheckCharacter('91350100M000100I4')).toBeUndefined()
    // Every character of the set as a check character is reached by some code.
    const seen = new Set<string>()
    for (let n = 0; seen.size < 31 && n < 5000; n++)
      seen.add(
        creditCodeCheckCharacter(
          `916501${String(n).padStart(11, '0')}`.slice(0, 17),
        )!,
      )
    expect(seen.size).toBe(31)
  })

  it('refuses a wrong check character, naming the right one and saying to look for a mistyped character', () => {
    expect(messageOf('914403001922038217')).toBe(
      '统一社会信用代码的最后一位校验码应为 6，请核对是否有输错的字符',
    )
    expect(messageOf('91650100MA77ABCD1X')).toBe(
      '统一社会信用代码的最后一位校验码应为 P，请核对是否有输错的字符',
    )
    // Two characters swapped: the weights tell them apart.
    expect(messageOf('914403001922038261')).toMatch(/最后一位校验码应为 M/)
  })

  it('refuses a wrong length or a character outside the code’s set, in Chinese, naming the place', () => {
    expect(messageOf('91440300192203821')).toBe(
      '统一社会信用代码应为18位，当前为17位',
    )
    expect(messageOf('9144030019220382161')).toBe(
      '统一社会信用代码应为18位，当前为19位',
    )
    expect(messageOf('')).toBe('统一社会信用代码应为18位，当前为0位')
    expect(messageOf('91440300I92203821X')).toBe(
      '统一社会信用代码第9位「I」无效：只能是数字或大写字母（不含 I、O、S、V、Z）',
    )
    expect(messageOf('9144030019220382-6')).toMatch(/第17位「-」无效/)
    expect(messageOf('９１４４０３００１９２２０３８２１６')).toMatch(
      /第1位「９」无效/,
    )
    expect(messageOf('91AB0300192203821X')).toBe(
      '统一社会信用代码第3至8位应为登记管理机关的行政区划码（6位数字）',
    )
  })
})

describe('a credit record’s fields', () => {
  const problem = (fields: unknown) => {
    const parsed = CreditFieldsSchema.safeParse(fields)
    return parsed.success
      ? null
      : parsed.error.issues.map((issue) => [
          issue.path.join('.'),
          issue.message,
        ])
  }

  it('take a bidder with its code, and an expert without one', () => {
    expect(problem(creditFields('新疆恒泰水利建设有限公司'))).toBeNull()
    expect(
      problem(creditFields('孙某某', { partyKind: 'expert', creditCode: '' })),
    ).toBeNull()
  })

  it('ask a company for its code and check one an expert gives', () => {
    expect(
      problem(creditFields('新疆恒泰水利建设有限公司', { creditCode: '' })),
    ).toEqual([['creditCode', '请输入统一社会信用代码（评标专家可不填）']])
    expect(
      problem(
        creditFields('孙某某', {
          partyKind: 'expert',
          creditCode: '12345',
        }),
      ),
    ).toEqual([['creditCode', '统一社会信用代码应为18位，当前为5位']])
  })

  it('refuse a day that does not exist and a restriction ending before the decision', () => {
    expect(
      problem(creditFields('新疆恒泰', { decisionDate: '2026-02-30' })),
    ).toEqual([['decisionDate', '决定日期不是有效的日期']])
    expect(
      problem(
        creditFields('新疆恒泰', {
          decisionDate: '2026-10-15',
          restrictionEndDate: '2026-10-01',
        }),
      ),
    ).toEqual([['restrictionEndDate', '限制期限截止日期不能早于决定日期']])
  })
})

describe('the public period (招标投标违法行为记录公告暂行办法 art. 11)', () => {
  it('lasts six months from the decision, to the same date (民法典 arts. 201–202)', () => {
    expect(creditPublicUntil('2026-05-24', null)).toBe('2026-11-24')
    expect(creditPublicUntil('2025-12-01', null)).toBe('2026-06-01')
    // No such date six months on: that month's last day, in a leap year too.
    expect(creditPublicUntil('2026-08-31', null)).toBe('2027-02-28')
    expect(creditPublicUntil('2027-08-31', null)).toBe('2028-02-29')
  })

  it('lasts until a longer restriction ends, never less than six months', () => {
    expect(creditPublicUntil('2026-05-24', '2027-05-23')).toBe('2027-05-23')
    expect(creditPublicUntil('2026-05-24', '2026-08-01')).toBe('2026-11-24')
  })
})
