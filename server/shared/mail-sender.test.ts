import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startSmtpServer, type TestSmtpServer } from '#tests/smtp-server.ts'

import {
  createLogMailSender,
  createSmtpMailSender,
  MailRefusal,
  maskEmail,
} from './mail-sender.ts'

const message = {
  to: 'li.bidder@example.com',
  subject: '请确认订阅信息提醒',
  text: '点击链接确认：http://127.0.0.1:3000/alerts/confirm?token=abc',
  html: '<p>点击链接确认</p>',
  purpose: 'alert-confirm',
}

describe('mail senders', () => {
  let smtp: TestSmtpServer
  beforeAll(async () => {
    smtp = await startSmtpServer()
  })
  afterAll(async () => smtp?.close())

  it('the log sender writes the subject and text with a masked address to the log', async () => {
    const lines: { object: object; message: string }[] = []
    const sender = createLogMailSender({
      info: (object, text) => lines.push({ object, message: text }),
    })
    await sender.send(message)
    const logged = JSON.stringify(lines)
    expect(lines).toHaveLength(1)
    expect(logged).toContain('l***@example.com')
    expect(logged).not.toContain('li.bidder')
    expect(logged).toContain('/alerts/confirm?token=abc')
    expect(sender.sent.at(-1)?.to).toBe('li.bidder@example.com')
  })

  it('masks every address in a text, as an SMTP reply may name it', () => {
    expect(
      maskEmail('550 5.1.1 <wang@example.com>: unknown; cc zhao.li@x.cn'),
    ).toBe('550 5.1.1 <w***@example.com>: unknown; cc z***@x.cn')
  })

  it('sends through an SMTP server, headers as written, and tells a temporary refusal from a permanent one', async () => {
    const sender = createSmtpMailSender(
      smtp.url,
      '平台 <noreply@example.gov.cn>',
    )
    const unsubscribe = `<http://127.0.0.1:3000/alerts/unsubscribe?token=${'a'.repeat(22)}.${'b'.repeat(43)}>`
    await sender.send({
      ...message,
      headers: { 'List-Unsubscribe': unsubscribe },
    })
    const mail = await smtp.waitForMail((m) =>
      m.recipients.includes(message.to),
    )
    expect(mail.from?.value).toEqual([
      { name: '平台', address: 'noreply@example.gov.cn' },
    ])
    expect(mail.subject).toBe(message.subject)
    expect(
      mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line,
    ).toBe(`List-Unsubscribe: ${unsubscribe}`)

    smtp.refuseNext(1)
    const refusal = await sender
      .send({ ...message, to: 'busy@example.com' })
      .catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(MailRefusal)
    expect((refusal as MailRefusal).isPermanent).toBe(false)
    expect((refusal as MailRefusal).message).not.toContain('busy@example.com')
    smtp.refuseNext(1, 550)
    const permanent = await sender
      .send({ ...message, to: 'gone@example.com' })
      .catch((error: unknown) => error)
    expect((permanent as MailRefusal).isPermanent).toBe(true)
    sender.close()
  })
})
