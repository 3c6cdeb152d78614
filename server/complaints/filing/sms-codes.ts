import { randomInt } from 'node:crypto'

import { PLATFORM_NAME } from '#common/constants/site.ts'
import {
  MSG_SMS_CODE_EXPIRED,
  MSG_SMS_CODE_WRONG,
  MSG_SMS_DAILY_LIMIT,
  MSG_SMS_IP_LIMIT,
  MSG_SMS_SEND_FAILED,
  msgSmsWait,
} from '#common/messages.ts'
import type { SmsCodePurpose } from '#common/schemas/complaint/complaint-verification.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import type { SmsSender } from '#server/shared/sms-sender.ts'
import type { ExpiringStore } from '#server/shared/expiring-store.ts'
import { Refusal } from '#server/shared/refusal.ts'

export const SMS_CODE_TTL_MS = 5 * 60_000
const SMS_RESEND_MS = 60_000
export const SMS_DAILY_LIMIT_PER_PHONE = 10
export const SMS_DAILY_LIMIT_PER_ADDRESS = 30
/** Wrong guesses before a code is thrown away: six digits must not be guessable. */
export const SMS_MAX_WRONG_ATTEMPTS = 5

const DAY_MS = 24 * 60 * 60_000

type SmsCodeDeps = {
  store: ExpiringStore
  sms: SmsSender
  now?: () => Date
}

type StoredCode = { code: string; wrong: number }
const codeKey = (purpose: string, phone: string) =>
  `sms:code:${purpose}:${phone}`

// The caller has checked the image captcha already.
export async function sendSmsCode(
  deps: SmsCodeDeps,
  request: { phone: string; address: string; purpose: SmsCodePurpose },
): Promise<{ resendAfterSeconds: number; expiresInSeconds: number }> {
  const { store } = deps
  const { phone, address, purpose } = request
  const waitKey = `sms:wait:${purpose}:${phone}`
  if (!(await store.setIfAbsent(waitKey, '1', SMS_RESEND_MS))) {
    const seconds = Math.max(
      1,
      Math.ceil((await store.remainingMs(waitKey)) / 1000),
    )
    throw new Refusal(429, msgSmsWait(seconds))
  }
  // Days as the visitor counts them: Beijing time.
  const day = toShanghaiText(deps.now?.() ?? new Date()).slice(0, 10)
  if (
    (await store.increment(`sms:day:${day}:${phone}`, DAY_MS)) >
    SMS_DAILY_LIMIT_PER_PHONE
  )
    throw new Refusal(429, MSG_SMS_DAILY_LIMIT)
  if (
    (await store.increment(`sms:address:${day}:${address}`, DAY_MS)) >
    SMS_DAILY_LIMIT_PER_ADDRESS
  )
    throw new Refusal(429, MSG_SMS_IP_LIMIT)

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const stored: StoredCode = { code, wrong: 0 }
  await store.set(
    codeKey(purpose, phone),
    JSON.stringify(stored),
    SMS_CODE_TTL_MS,
  )
  try {
    await deps.sms.send({
      phone,
      purpose: 'verification-code',
      text: `【${PLATFORM_NAME}】您的验证码为${code}，${SMS_CODE_TTL_MS / 60_000}分钟内有效，请勿告知他人。如非本人操作，请忽略本短信。`,
    })
  } catch (error) {
    // Not sent: the visitor may ask again at once.
    await store.delete(codeKey(purpose, phone))
    await store.delete(waitKey)
    throw new Refusal(503, MSG_SMS_SEND_FAILED, { cause: error })
  }
  return {
    resendAfterSeconds: SMS_RESEND_MS / 1000,
    expiresInSeconds: SMS_CODE_TTL_MS / 1000,
  }
}

// Not used up, so that a request refused for another reason afterwards keeps it.
export async function checkSmsCode(
  store: ExpiringStore,
  request: { phone: string; purpose: SmsCodePurpose; code: string },
): Promise<void> {
  const key = codeKey(request.purpose, request.phone)
  const raw = await store.get(key)
  if (raw === null) throw new Refusal(400, MSG_SMS_CODE_EXPIRED)
  const stored = JSON.parse(raw) as StoredCode
  if (stored.code === request.code) return
  const wrong = stored.wrong + 1
  const remaining = await store.remainingMs(key)
  if (wrong >= SMS_MAX_WRONG_ATTEMPTS || remaining <= 0) await store.delete(key)
  else await store.set(key, JSON.stringify({ ...stored, wrong }), remaining)
  throw new Refusal(400, MSG_SMS_CODE_WRONG)
}

// Atomic: of two requests with the same code only one gets through. Call it last.
export async function consumeSmsCode(
  store: ExpiringStore,
  request: { phone: string; purpose: SmsCodePurpose; code: string },
): Promise<void> {
  const raw = await store.take(codeKey(request.purpose, request.phone))
  if (raw === null || (JSON.parse(raw) as StoredCode).code !== request.code)
    throw new Refusal(400, MSG_SMS_CODE_EXPIRED)
}

export async function redeemSmsCode(
  store: ExpiringStore,
  request: { phone: string; purpose: SmsCodePurpose; code: string },
): Promise<boolean> {
  try {
    await checkSmsCode(store, request)
    await consumeSmsCode(store, request)
    return true
  } catch (error) {
    if (error instanceof Refusal) return false
    throw error
  }
}
