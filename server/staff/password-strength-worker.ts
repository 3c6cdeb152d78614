import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import * as commonPackage from '@zxcvbn-ts/language-common'
import * as englishPackage from '@zxcvbn-ts/language-en'

import { COMMON_PASSWORDS } from './common-passwords.ts'
import { PASSWORD_FEEDBACK_ZH } from './password-feedback-zh.ts'
import { PINYIN_SURNAMES, PINYIN_WORDS } from './pinyin-words.ts'

// Runs in a worker thread (password-strength.ts, server/shared/worker-pool.ts): building the dictionaries takes about 250 ms
// and judging a long password several hundred, which the server's event loop must never wait for.
const zxcvbn = new ZxcvbnFactory({
  translations: PASSWORD_FEEDBACK_ZH,
  graphs: commonPackage.adjacencyGraphs,
  dictionary: {
    ...commonPackage.dictionary,
    ...englishPackage.dictionary,
    'passwords-zh': [...COMMON_PASSWORDS],
    'lastnames-zh-pinyin': PINYIN_SURNAMES,
    'commonWords-zh-pinyin': PINYIN_WORDS,
  },
})

export interface StrengthVerdict {
  score: number
  warning: string | null
  suggestions: string[]
}

export default function judgeStrength({
  password,
  userInputs,
}: {
  password: string
  userInputs: string[]
}): StrengthVerdict {
  const { score, feedback } = zxcvbn.check(password, userInputs)
  return { score, warning: feedback.warning, suggestions: feedback.suggestions }
}
