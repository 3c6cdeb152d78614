import argon2 from 'argon2'

import { STAFF_PASSWORD_MIN_LENGTH } from '#common/constants/staff.ts'
import { Refusal } from '#server/shared/refusal.ts'

import { COMMON_PASSWORDS } from './common-passwords.ts'

function passwordProblem(password: string, accountName: string): string | null {
  if ([...password].length < STAFF_PASSWORD_MIN_LENGTH)
    return `密码至少需要${STAFF_PASSWORD_MIN_LENGTH}个字符`
  if ([...password].length > 128) return '密码不能超过128个字符'
  if (COMMON_PASSWORDS.has(password.toLowerCase()))
    return '该密码过于常见，容易被猜中，请换一个'
  if (password.toLowerCase().includes(accountName.toLowerCase()))
    return '密码不能包含账号名'
  return null
}

export function assertGoodPassword(password: string, accountName: string) {
  const problem = passwordProblem(password, accountName)
  if (problem) throw new Refusal(400, problem)
}

// argon2id with the library's defaults (64 MiB, 3 passes): OWASP's recommended floor.
export const hashPassword = (password: string) =>
  argon2.hash(password, { type: argon2.argon2id })

export async function isPasswordRight(
  hash: string | null,
  password: string,
): Promise<boolean> {
  if (!hash) return false
  try {
    return await argon2.verify(hash, password)
  } catch {
    return false
  }
}
