import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/smtp-server.ts'

import { deliverDueMail, queueMail } from './mail-outbox.ts'
import { createSmtpMailSender } from './mail-sender.ts'

const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`)

describe.each(testEngines)('the mail outbox on %s', (engine) => {
  let t: TestDatabase
  let smtp: TestSmtpServer
  let clock = at('2026-11-02 08:00:00')
  const deps = () => ({
    mail: createSmtpMailSender(smtp.url, 'noreply@example.gov.cn'),
    now: () => clock,
  })
  const message = (to: string) => ({
    to,
    subject: '【期限提醒】测试',
    text: '正文',
    html: '<p>正文</p>',
    purpose: 'complaint-reminder',
  })
  const rowFor = (address: string) =>
    t.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('subject', '=', '【期限提醒】测试')
      .where('toAddress', 'like', `${address[0]}%${address.split('@')[1]}`)
      .executeTakeFirstOrThrow()

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestDatabase(engine, { isEmpty: true })
  })
  afterAll(async () => {
    await t?.destroy()
    await smtp?.close()
  })

  it('sends a queued mail once, then keeps only who it went to and when', async () => {
    await queueMail(t.db, message('wang@example.gov.cn'), clock)
    const runs = await Promise.all([
      deliverDueMail(t.db, deps()),
      deliverDueMail(t.db, deps()),
    ])
    expect(runs[0] + runs[1]).toBe(1)
    await smtp.waitForMail((m) => m.recipients.includes('wang@example.gov.cn'))
    expect(
      smtp.received.filter((m) => m.recipients.includes('wang@example.gov.cn')),
    ).toHaveLength(1)
    expect(await rowFor('wang@example.gov.cn')).toMatchObject({
      state: 'sent',
      toAddress: 'w***@example.gov.cn',
      text: null,
      html: null,
      sentAt: '2026-11-02 08:00:00',
    })
  })

  it('tries a busy server again a minute later, and gives up at once on a refused mailbox', async () => {
    await queueMail(t.db, message('busy@example.gov.cn'), clock)
    smtp.refuseNext(1, 451)
    expect(await deliverDueMail(t.db, deps())).toBe(1)
    expect(await rowFor('busy@example.gov.cn')).toMatchObject({
      state: 'pending',
      nextAttemptAt: '2026-11-02 08:01:00',
    })
    expect(await deliverDueMail(t.db, deps())).toBe(0)
    clock = at('2026-11-02 08:01:00')
    expect(await deliverDueMail(t.db, deps())).toBe(1)
    expect((await rowFor('busy@example.gov.cn')).state).toBe('sent')

    await queueMail(t.db, message('nobody@example.gov.cn'), clock)
    smtp.refuseNext(1, 550)
    await deliverDueMail(t.db, deps())
    expect(await rowFor('nobody@example.gov.cn')).toMatchObject({
      state: 'failed',
      toAddress: 'n***@example.gov.cn',
      text: null,
    })
  })
})
