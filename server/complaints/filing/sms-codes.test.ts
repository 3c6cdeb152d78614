import { describe, expect, it } from 'vitest'

import {
  MSG_SMS_CODE_EXPIRED,
  MSG_SMS_CODE_WRONG,
  MSG_SMS_DAILY_LIMIT,
  MSG_SMS_IP_LIMIT,
} from '#common/messages.ts'
import { createLogSmsSender } from '#server/shared/sms-sender.ts'
import { createMemoryStore } from '#server/shared/expiring-store.ts'
import {
  checkSmsCode,
  consumeSmsCode,
  sendSmsCode,
  SMS_DAILY_LIMIT_PER_ADDRESS,
  SMS_CODE_TTL_MS,
  SMS_DAILY_LIMIT_PER_PHONE,
  SMS_MAX_WRONG_ATTEMPTS,
} from './sms-codes.ts'

function setup() {
  const store = createMemoryStore()
  const sms = createLogSmsSender({ info() {} })
  const lastCode = () => /为(\d{6})/.exec(sms.sent.at(-1)!.text)![1]!
  // Lets the next request through the 60 s rule, as if a minute had passed.
  const skipWait = (phone: string) =>
    store.delete(`sms:wait:complaint-filing:${phone}`)
  return { store, sms, lastCode, skipWait }
}
const purpose = 'complaint-filing' as const

describe('SMS codes', () => {
  it('accepts the code sent, once', async () => {
    const { store, sms, lastCode } = setup()
    await sendSmsCode(
      { store, sms },
      { phone: '13800000001', address: 'a', purpose },
    )
    const code = lastCode()
    const use = { phone: '13800000001', purpose, code }
    await expect(checkSmsCode(store, use)).resolves.toBeUndefined()
    await expect(checkSmsCode(store, use)).resolves.toBeUndefined()
    await consumeSmsCode(store, use)
    await expect(checkSmsCode(store, use)).rejects.toThrow(MSG_SMS_CODE_EXPIRED)
    await expect(consumeSmsCode(store, use)).rejects.toThrow(
      MSG_SMS_CODE_EXPIRED,
    )
  })

  it('does not accept a code for another phone or another purpose', async () => {
    const { store, sms, lastCode } = setup()
    await sendSmsCode(
      { store, sms },
      { phone: '13800000002', address: 'a', purpose },
    )
    const code = lastCode()
    await expect(
      checkSmsCode(store, { phone: '13800000003', purpose, code }),
    ).rejects.toThrow(MSG_SMS_CODE_EXPIRED)
    await expect(
      checkSmsCode(store, {
        phone: '13800000002',
        purpose: 'complaint-query',
        code,
      }),
    ).rejects.toThrow(MSG_SMS_CODE_EXPIRED)
  })

  it('throws the code away after five wrong guesses', async () => {
    const { store, sms, lastCode } = setup()
    await sendSmsCode(
      { store, sms },
      { phone: '13800000004', address: 'a', purpose },
    )
    const code = lastCode()
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < SMS_MAX_WRONG_ATTEMPTS; i++)
      await expect(
        checkSmsCode(store, { phone: '13800000004', purpose, code: wrong }),
      ).rejects.toThrow(MSG_SMS_CODE_WRONG)
    await expect(
      checkSmsCode(store, { phone: '13800000004', purpose, code }),
    ).rejects.toThrow(MSG_SMS_CODE_EXPIRED)
  })

  it('refuses a code after five minutes', async () => {
    let clock = Date.now()
    const store = createMemoryStore({ now: () => clock })
    await store.set(
      'sms:code:complaint-filing:13800000005',
      JSON.stringify({ code: '123456', wrong: 0 }),
      SMS_CODE_TTL_MS,
    )
    const use = { phone: '13800000005', purpose, code: '123456' }
    clock += SMS_CODE_TTL_MS - 1
    await expect(checkSmsCode(store, use)).resolves.toBeUndefined()
    clock += 1
    await expect(checkSmsCode(store, use)).rejects.toThrow(MSG_SMS_CODE_EXPIRED)
  })

  it(`sends at most ${SMS_DAILY_LIMIT_PER_PHONE} codes a day to one phone`, async () => {
    const { store, sms, skipWait } = setup()
    const phone = '13800000006'
    for (let i = 0; i < SMS_DAILY_LIMIT_PER_PHONE; i++) {
      await skipWait(phone)
      await sendSmsCode({ store, sms }, { phone, address: `a${i}`, purpose })
    }
    await skipWait(phone)
    await expect(
      sendSmsCode({ store, sms }, { phone, address: 'b', purpose }),
    ).rejects.toThrow(MSG_SMS_DAILY_LIMIT)
    expect(sms.sent).toHaveLength(SMS_DAILY_LIMIT_PER_PHONE)
  })

  it(`sends at most ${SMS_DAILY_LIMIT_PER_ADDRESS} codes a day for one address`, async () => {
    const { store, sms } = setup()
    for (let i = 0; i < SMS_DAILY_LIMIT_PER_ADDRESS; i++)
      await sendSmsCode(
        { store, sms },
        {
          phone: `1370000${String(i).padStart(4, '0')}`,
          address: '10.1.1.1',
          purpose,
        },
      )
    await expect(
      sendSmsCode(
        { store, sms },
        { phone: '13600000000', address: '10.1.1.1', purpose },
      ),
    ).rejects.toThrow(MSG_SMS_IP_LIMIT)
  })
})
