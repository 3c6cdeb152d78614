import { randomUUID } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { regionalFetch } from './regional-fetch.ts'
import { SMS_CODE_PATTERN, smsMessagesTo, waitForSms } from './server-log.ts'
import { baseUrl } from './portal-under-test.ts'

// The built portal as deployed (NODE_ENV=production) with PORTAL_TEST_HOOKS=1: what the
// complaint journeys rely on to get past the captcha and the SMS code.
describe('captcha and SMS code on the running portal', () => {
  it('draws a captcha, tells its answer to the test, and sends a code that the log shows', async () => {
    const captchaId = randomUUID()
    const image = await regionalFetch(
      'GET',
      `/xjApi/api/xjslts/img/code?t=${captchaId}`,
    )
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    const { answer } = (await (
      await fetch(`${baseUrl}/__test__/captcha?t=${captchaId}`)
    ).json()) as { answer: string }
    expect(answer).toMatch(/^[A-Z0-9]{4}$/)

    const phone = '13912345678'
    const before = (await smsMessagesTo(phone)).length
    const response = await regionalFetch('POST', '/xjApi/api/xjslts/sms/code', {
      phone,
      captchaId,
      captcha: answer.toLowerCase(),
    })
    expect(await response.json()).toEqual({
      Success: true,
      Data: { resendAfterSeconds: 60, expiresInSeconds: 300 },
    })
    const code = await waitForSms(phone, SMS_CODE_PATTERN, { after: before })
    expect(code).toMatch(/^\d{6}$/)
  })
})
