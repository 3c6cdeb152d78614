import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  groupQueryCode,
  QUERY_CODE_ALPHABET,
  QueryCodeSchema,
} from '#common/schemas/complaint/complaint-fields.ts'

import {
  generateQueryCode,
  hashQueryCode,
  isQueryCodeMatch,
} from './query-code.ts'

const messageOf = (input: string) => {
  const parsed = QueryCodeSchema.safeParse(input)
  return parsed.success ? null : parsed.error.issues[0]?.message
}

/** The ways a person writes down and types back a code they were shown in groups. */
const typings = (code: string) => {
  const groups = groupQueryCode(code)
  return [
    code,
    code.toLowerCase(),
    groups.join(' '),
    groups.join('-'),
    groups.join(' - '),
    ` ${groups.join('\u3000')} `,
    groups.join('—'),
    // Full-width letters and digits, as a Chinese input method may give them.
    Array.from(code, (c) =>
      String.fromCodePoint(c.codePointAt(0)! + 0xfee0),
    ).join(''),
  ]
}

describe('query codes as issued and as typed', () => {
  it('accepts every issued code however a person types it, as the code itself', () => {
    fc.assert(
      fc.property(
        fc.constant(null).map(() => generateQueryCode()),
        (code) => {
          expect(code).toMatch(/^[A-HJKMNP-Z2-9]{12}$/)
          for (const typed of typings(code)) {
            expect(QueryCodeSchema.parse(typed)).toBe(code)
            expect(isQueryCodeMatch(typed, hashQueryCode(code))).toBe(true)
          }
        },
      ),
      { numRuns: 200 },
    )
  })

  it('issues only characters that cannot be mistaken for one another', () => {
    for (const lookAlike of ['0', 'O', '1', 'I', 'L'])
      expect(QUERY_CODE_ALPHABET).not.toContain(lookAlike)
    const seen = new Set<string>()
    for (let i = 0; i < 2000; i++)
      for (const c of generateQueryCode()) seen.add(c)
    expect([...seen].sort().join('')).toBe(
      [...QUERY_CODE_ALPHABET].sort().join(''),
    )
  })

  it('names a look-alike that is never issued and says what a code consists of', () => {
    expect(messageOf('ABCD-EFGH-JKM0')).toBe(
      '查询码中不会出现“0”：查询码由字母（不含I、L、O）和数字2～9组成，请核对后重新输入',
    )
    expect(messageOf('abcd efgh jkmo')).toBe(
      '查询码中不会出现“O”：查询码由字母（不含I、L、O）和数字2～9组成，请核对后重新输入',
    )
    expect(messageOf('ABCDEFGHJKM1')).toContain('不会出现“1”')
    expect(messageOf('ABCDEFGHJKMl')).toContain('不会出现“L”')
    expect(messageOf('ABCDEFGHJKM查')).toContain('不会出现“查”')
    // The old message called such a 12-character code something it was not.
    expect(messageOf('ABCDEFGHJKM0')).not.toBe('查询码应为12位字母或数字')
  })

  it('counts the characters typed, without spaces and hyphens, when the length is wrong', () => {
    expect(messageOf('ABCD-EFGH-JKM')).toBe(
      '查询码应为12位字母（不含I、L、O）和数字2～9，您输入了11位（空格和短横线不计），请核对后重新输入',
    )
    expect(messageOf('ABCD EFGH JKMN P')).toContain('您输入了13位')
    expect(messageOf('  - ')).toBe('请填写查询码')
    expect(messageOf('')).toBe('请填写查询码')
  })

  it('shows a code in three groups of four', () => {
    expect(groupQueryCode('ABCDEFGHJKMN')).toEqual(['ABCD', 'EFGH', 'JKMN'])
  })
})
