import { readFile } from 'node:fs/promises'
import { serverLogFile } from './portal-under-test.ts'

type SmsLine = { sms?: { phone: string; purpose: string; text: string } }

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`

export async function smsMessagesTo(phone: string): Promise<string[]> {
  const log = await readFile(serverLogFile, 'utf8')
  return log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as SmsLine)
    .filter((line) => line.sms?.phone === masked(phone))
    .map((line) => line.sms!.text)
}

export async function waitForSms(
  phone: string,
  pattern: RegExp,
  { after = 0, timeoutMs = 10_000 } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const found = (await smsMessagesTo(phone))
      .slice(after)
      .map((text) => pattern.exec(text))
      .findLast((match) => match !== null)
    if (found) return found[1] ?? found[0]
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no SMS to ${masked(phone)} matching ${pattern}`)
}

export const SMS_CODE_PATTERN = /验证码为(\d{6})/
