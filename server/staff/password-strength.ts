import { Piscina } from 'piscina'

import { Refusal } from '#server/shared/refusal.ts'

import type { StrengthVerdict } from './password-strength-worker.ts'

// zxcvbn's score, 0 to 4: 4 means more than 10¹⁰ guesses. Passwords are set rarely and by staff
// who hold personal data, so only the top score is accepted.
const STRONG_ENOUGH = 4
const JUDGING_BUDGET_MS = 10_000

// Under type stripping (tests, `npm run dev`) this module is a .ts file beside the worker's; in
// the build both are compiled into build/portal/ (vite.server.config.ts).
const workerFile = new URL(
  `./password-strength-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
  import.meta.url,
)

// One thread, started on first use and ended after a minute idle: its dictionaries take tens of
// megabytes, and passwords are set a few times a day.
let pool: Piscina | undefined
const strengthPool = () =>
  (pool ??= new Piscina({
    filename: workerFile.href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    maxQueue: 20,
  }))

const BUSY = '暂时无法检查密码强度，请稍后重试'

async function judge(password: string, userInputs: string[]) {
  try {
    return (await strengthPool().run(
      { password, userInputs },
      { signal: AbortSignal.timeout(JUDGING_BUDGET_MS) },
    )) as StrengthVerdict
  } catch (error) {
    throw new Refusal(503, BUSY, { cause: error })
  }
}

/** Why the password is too easy to guess, in Chinese, or null when it is strong enough. */
export async function passwordStrengthProblem(
  password: string,
  userInputs: string[],
): Promise<string | null> {
  const verdict = await judge(password, userInputs)
  if (verdict.score >= STRONG_ENOUGH) return null
  const advice = [verdict.warning, ...verdict.suggestions]
    .filter(Boolean)
    .join('')
  return `该密码容易被猜中，请换一个。${advice || '可以用几个不相关的词语组成更长的密码。'}`
}
