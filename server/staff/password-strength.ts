import { workerTask } from '#server/shared/worker-pool.ts'

import type { StrengthVerdict } from './password-strength-worker.ts'

// zxcvbn's score, 0 to 4: 4 means more than 10¹⁰ guesses. Passwords are set rarely and by staff
// who hold personal data, so only the top score is accepted.
const STRONG_ENOUGH = 4

// Building the dictionaries takes about 250 ms and judging a long password up to 2 s.
const judge = workerTask<
  { password: string; userInputs: string[] },
  StrengthVerdict
>(import.meta.url, './password-strength-worker', {
  busyMessage: '暂时无法检查密码强度，请稍后重试',
  budgetMs: 10_000,
})

/** Why the password is too easy to guess, in Chinese, or null when it is strong enough. */
export async function passwordStrengthProblem(
  password: string,
  userInputs: string[],
): Promise<string | null> {
  const verdict = await judge({ password, userInputs })
  if (verdict.score >= STRONG_ENOUGH) return null
  const advice = [verdict.warning, ...verdict.suggestions]
    .filter(Boolean)
    .join('')
  return `该密码容易被猜中，请换一个。${advice || '可以用几个不相关的词语组成更长的密码。'}`
}
