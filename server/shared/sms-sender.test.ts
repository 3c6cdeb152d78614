import { describe, expect, it } from 'vitest'

import { createLogSmsSender, createSmsSender } from './sms-sender.ts'

describe('SMS senders', () => {
  it('the log sender writes the text with a masked number to the log', async () => {
    const lines: { object: object; message: string }[] = []
    const sender = createLogSmsSender({
      info: (object, message) => lines.push({ object, message }),
    })
    await sender.send({
      phone: '13899887766',
      text: '验证码 123456',
      purpose: 'verification-code',
    })
    expect(lines).toHaveLength(1)
    expect(JSON.stringify(lines[0])).toContain('138****7766')
    expect(JSON.stringify(lines[0])).not.toContain('13899887766')
    expect(JSON.stringify(lines[0])).toContain('验证码 123456')
    expect(sender.sent.at(-1)?.phone).toBe('13899887766')
  })

  it('refuses an unknown SMS_PROVIDER instead of dropping messages', () => {
    expect(() => createSmsSender('carrier-x', { info() {} })).toThrow(
      /不支持的短信服务 SMS_PROVIDER=carrier-x/,
    )
  })
})
