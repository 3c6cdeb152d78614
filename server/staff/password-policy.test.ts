import argon2 from 'argon2'
import { describe, expect, it } from 'vitest'
import { performance } from 'node:perf_hooks'

import {
  assertGoodPassword,
  hashPassword,
  isPasswordRight,
} from './password-policy.ts'

const refusalOf = (password: string, accountName = 'li.editor') =>
  assertGoodPassword(password, accountName).then(
    () => null,
    (refusal: { status: number; message: string }) => refusal,
  )

describe('the staff password rules', () => {
  it.each([
    ['twelve spaces', ' '.repeat(12), '密码不能只由空格组成'],
    ['ideographic spaces', '\u3000'.repeat(12), '密码不能只由空格组成'],
    ['zero-width spaces', '\u200b'.repeat(12), '看不见的字符'],
    ['a NUL', 'river-tarim-\u0000-kashgar', '控制字符'],
    [
      'a zero-width joiner inside',
      'tarim\u200dkashgar-river-77',
      '看不见的字符',
    ],
    ['a short one', 'short-pass', '密码至少需要12个字符'],
  ])('refuses %s and says what to change', async (_case, password, text) => {
    const refusal = await refusalOf(password)
    expect(refusal?.status).toBe(400)
    expect(refusal?.message).toContain(text)
  })

  it.each([
    'Abcdefghijk1',
    'woaini1314520',
    'qwertyuiop123',
    'P@ssw0rd2026!',
    'zhangwei19900101',
    'Shuili2026xinjiang',
  ])(
    'refuses %s as easy to guess, with advice in Chinese',
    async (password) => {
      const refusal = await refusalOf(password)
      expect(refusal?.status).toBe(400)
      expect(refusal?.message).toMatch(
        /^该密码容易被猜中，请换一个。\p{Script=Han}/u,
      )
      expect(refusal?.message).not.toMatch(/[A-Za-z]{4}/)
    },
  )

  it('refuses the account name inside the password', async () => {
    expect((await refusalOf('my-li.editor-pass-77'))?.message).toBe(
      '密码不能包含账号名',
    )
  })

  it.each([
    '长江黄河-tarim-2026!',
    '塔里木河-yellow-river-2026',
    'kettle orchard lantern basalt',
  ])('accepts %s', async (password) => {
    expect(await refusalOf(password)).toBeNull()
  })

  it('judges a long password off the event loop', async () => {
    await refusalOf('warm up the judging thread')
    // The share of the time the loop was busy: judging on the loop (1.9 s for one password
    // before) makes it nearly 1, whatever the machine's load; handing it over leaves it idle.
    const before = performance.eventLoopUtilization()
    const refusal = await refusalOf('p@ssw0rd'.repeat(16))
    const busy = performance.eventLoopUtilization(before)
    expect(refusal?.message).toContain('该密码容易被猜中')
    expect(busy.utilization).toBeLessThan(0.5)
  })

  it('compares the password in its NFKC form, and still knows hashes of the characters as typed', async () => {
    const fullWidth = 'Ｔａｒｉｍ-ｒｉｖｅｒ-２０２６'
    const hash = await hashPassword(fullWidth)
    expect(await isPasswordRight(hash, 'Tarim-river-2026')).toBe(true)
    expect(await isPasswordRight(hash, 'tarim-river-2026')).toBe(false)
    const typedHash = await argon2.hash(fullWidth, { type: argon2.argon2id })
    expect(await isPasswordRight(typedHash, fullWidth)).toBe(true)
  })

  it('hashes with argon2id at 19 MiB, 2 passes and 1 lane, and still verifies hashes made with the library defaults', async () => {
    const hash = await hashPassword('Tarim-river-2026')
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/)
    const older = await argon2.hash('Tarim-river-2026', {
      type: argon2.argon2id,
    })
    expect(older).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/)
    expect(await isPasswordRight(older, 'Tarim-river-2026')).toBe(true)
    expect(await isPasswordRight(older, 'Tarim-river-2027')).toBe(false)
  })
})
