import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createDatabase } from '#server/db/database.ts'
import type { SmsMessage, SmsSender } from '#server/shared/sms-sender.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import {
  deliverDueSms,
  queueSms,
  SMS_OUTBOX_GIVE_UP_MS,
  SMS_OUTBOX_LEASE_MS,
} from './sms-outbox.ts'
import { startSmsOutboxJob } from './sms-outbox-job.ts'

const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`)
const later = (date: Date, ms: number) => new Date(date.getTime() + ms)

/** A sender that keeps what it sent, and fails while `failing` says so. */
function recordingSender(failing: () => boolean = () => false) {
  const sent: SmsMessage[] = []
  const sender: SmsSender = {
    async send(message) {
      if (failing()) throw new Error('provider unavailable')
      sent.push(message)
    },
  }
  return { sent, sender }
}

const quietLog = { warn() {}, error() {} }

describe.each(testEngines)('the text message outbox on %s', (engine) => {
  let t: TestDatabase
  let serial = 0
  beforeAll(async () => {
    t = await createTestDatabase(engine)
  })
  afterAll(() => t.destroy())

  /** Queues one message in a transaction of its own, as a change would, and returns its text. */
  async function queue(now: Date) {
    const text = `【测试】第${++serial}条通知（${engine}）`
    await t.db
      .transaction()
      .execute((trx) =>
        queueSms(
          trx,
          { complaintId: null, phone: '13912345678', purpose: 'test', text },
          now,
        ),
      )
    return text
  }
  const rowOf = (text: string) =>
    t.db
      .selectFrom('smsOutbox')
      .selectAll()
      .where('text', '=', text)
      .executeTakeFirst()
  const rowById = (id: number) =>
    t.db
      .selectFrom('smsOutbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()

  it('sends a queued message once, then keeps who and when but not what', async () => {
    const now = at('2026-11-24 09:00:00')
    const text = await queue(now)
    const { id } = (await rowOf(text))!
    const { sent, sender } = recordingSender()
    await deliverDueSms(t.db, { sms: sender, now: () => now })
    await deliverDueSms(t.db, { sms: sender, now: () => later(now, 60_000) })
    expect(sent.filter((message) => message.text === text)).toEqual([
      { phone: '13912345678', purpose: 'test', text },
    ])
    expect(await rowById(id)).toMatchObject({
      state: 'sent',
      text: null,
      phone: '139****5678',
      attempts: 1,
      sentAt: '2026-11-24 09:00:00',
      claimToken: null,
    })
  })

  it('sends nothing for a transaction that was rolled back', async () => {
    const now = at('2026-11-24 09:10:00')
    const text = '【测试】回滚的通知'
    await expect(
      t.db.transaction().execute(async (trx) => {
        await queueSms(
          trx,
          { complaintId: null, phone: '13912345678', purpose: 'test', text },
          now,
        )
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await rowOf(text)).toBeUndefined()
  })

  it('retries a failed message after 30 s, then 60 s, and sends it when the provider is back', async () => {
    const start = at('2026-11-24 10:00:00')
    const text = await queue(start)
    const { id } = (await rowOf(text))!
    let isDown = true
    const { sent, sender } = recordingSender(() => isDown)
    const deliverAt = (time: Date) =>
      deliverDueSms(t.db, { sms: sender, now: () => time, log: quietLog })

    await deliverAt(start)
    expect(await rowById(id)).toMatchObject({
      state: 'pending',
      attempts: 1,
      nextAttemptAt: '2026-11-24 10:00:30',
      lastError: 'provider unavailable',
      text,
    })
    await deliverAt(later(start, 29_000))
    expect((await rowById(id)).attempts).toBe(1)
    await deliverAt(later(start, 30_000))
    expect(await rowById(id)).toMatchObject({
      attempts: 2,
      nextAttemptAt: '2026-11-24 10:01:30',
    })
    isDown = false
    await deliverAt(later(start, 90_000))
    expect(await rowById(id)).toMatchObject({ state: 'sent', attempts: 3 })
    expect(sent.map((message) => message.text)).toEqual([text])
  })

  it('gives a message up when it is a day old, drops its text and says so in the log', async () => {
    const start = at('2026-11-24 11:00:00')
    const text = await queue(start)
    const { id } = (await rowOf(text))!
    const errors: string[] = []
    const { sender } = recordingSender(() => true)
    await deliverDueSms(t.db, {
      sms: sender,
      now: () => later(start, SMS_OUTBOX_GIVE_UP_MS),
      log: { warn() {}, error: (_fields, message) => errors.push(message) },
    })
    expect(await rowById(id)).toMatchObject({
      state: 'failed',
      text: null,
      phone: '139****5678',
      lastError: 'provider unavailable',
    })
    expect(errors).toEqual(['text message given up after a day of retrying'])
  })

  it('leaves a message claimed by a process that died alone until the claim lapses, then sends it', async () => {
    const start = at('2026-11-24 12:00:00')
    const text = await queue(start)
    const { id } = (await rowOf(text))!
    // The first process claims it and dies before the provider answers.
    const dying: SmsSender = { send: () => new Promise<void>(() => {}) }
    void deliverDueSms(t.db, { sms: dying, now: () => start })
    await expect
      .poll(async () => (await rowById(id)).claimToken, {
        timeout: 10_000,
        interval: 20,
      })
      .not.toBeNull()
    const { sent, sender } = recordingSender()
    await deliverDueSms(t.db, {
      sms: sender,
      now: () => later(start, SMS_OUTBOX_LEASE_MS - 1000),
    })
    expect(sent).toEqual([])
    await deliverDueSms(t.db, {
      sms: sender,
      now: () => later(start, SMS_OUTBOX_LEASE_MS),
    })
    expect(sent.map((message) => message.text)).toEqual([text])
    expect(await rowById(id)).toMatchObject({ state: 'sent', attempts: 2 })
  })

  it('sends each message once when two processes deliver at the same time', async () => {
    const now = at('2026-11-24 13:00:00')
    const texts = await Promise.all(
      Array.from({ length: 30 }, () => queue(now)),
    )
    // A second process: its own connection (pool) to the same database.
    const other =
      engine === 'sqlite' ? await createDatabase({ dataDir: t.dataDir }) : t.db
    try {
      const { sent, sender } = recordingSender()
      const slow: SmsSender = {
        async send(message) {
          await new Promise((resolve) => setTimeout(resolve, 2))
          await sender.send(message)
        },
      }
      await Promise.all([
        deliverDueSms(t.db, { sms: slow, now: () => now }),
        deliverDueSms(other, { sms: slow, now: () => now }),
        deliverDueSms(t.db, { sms: slow, now: () => now }),
        deliverDueSms(other, { sms: slow, now: () => now }),
      ])
      // Passes take a batch each; the rest goes in the next passes.
      let claimed = 1
      while (claimed > 0)
        claimed = await deliverDueSms(t.db, { sms: slow, now: () => now })
      const ours = sent.filter((message) => texts.includes(message.text))
      expect(ours.map((message) => message.text).sort()).toEqual(
        [...texts].sort(),
      )
    } finally {
      if (other !== t.db) await other.destroy()
    }
  })

  it('delivers what an earlier process left when the job starts, and what a commit wakes it for', async () => {
    const now = at('2026-11-24 14:00:00')
    const left = await queue(now)
    const { sent, sender } = recordingSender()
    const job = startSmsOutboxJob(
      t.db,
      { sms: sender, now: () => now, log: quietLog },
      null,
    )
    try {
      await job.settled()
      expect(sent.map((message) => message.text)).toContain(left)
      const woken = await queue(now)
      job.wake()
      await job.settled()
      expect(sent.map((message) => message.text)).toContain(woken)
    } finally {
      await job.stop()
    }
  })
})
