import argon2 from 'argon2'

import {
  normalizePassword,
  passwordShapeProblem,
} from '#common/staff-password.ts'
import { Refusal } from '#server/shared/refusal.ts'

import { passwordStrengthProblem } from './password-strength.ts'

// Words an attacker of this site tries with any account name.
const SITE_WORDS = [
  'shuili',
  'zhaobiao',
  'toubiao',
  'jianguan',
  'portal',
  'admin',
]

async function passwordProblem(
  password: string,
  accountName: string,
): Promise<string | null> {
  const shape = passwordShapeProblem(password)
  if (shape) return shape
  const normalized = normalizePassword(password)
  if (normalized.toLowerCase().includes(accountName.toLowerCase()))
    return '密码不能包含账号名'
  return passwordStrengthProblem(normalized, [accountName, ...SITE_WORDS])
}

export async function assertGoodPassword(
  password: string,
  accountName: string,
) {
  const problem = await passwordProblem(password, accountName)
  if (problem) throw new Refusal(400, problem)
}

// argon2id at the first of the settings OWASP's Password Storage Cheat Sheet gives as of equal
// defence (19 MiB, 2 passes, 1 lane; decision 0081). The library's defaults (64 MiB, 3 passes,
// 4 lanes) took about 0.24 CPU-seconds a try on this two-core server, so fifty guesses cost
// twelve seconds of CPU; these take about 0.035. Hashes made with the defaults still verify:
// argon2 keeps the settings in the hash.
export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

export const hashPassword = (password: string) =>
  argon2.hash(normalizePassword(password), PASSWORD_HASH_OPTIONS)

export async function isPasswordRight(
  hash: string | null,
  password: string,
): Promise<boolean> {
  if (!hash) return false
  const normalized = normalizePassword(password)
  try {
    if (await argon2.verify(hash, normalized)) return true
    // Hashes made before passwords were normalized hold the characters as typed.
    return normalized !== password && (await argon2.verify(hash, password))
  } catch {
    return false
  }
}
