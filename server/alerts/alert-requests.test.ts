import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ALERT_MESSAGES } from '#common/constants/alerts.ts'
import { MSG_TOO_FREQUENT } from '#common/messages.ts'
import { alertTestApi } from '#tests/alert-test-api.ts'
import {
  createTestDatabase,
  seededAt,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/smtp-server.ts'
import { buildTestApp } from '#tests/test-app.ts'

import { ALERT_SEARCHES_PER_ADDRESS } from './alerts-service.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

const SEARCH = {
  scope: 'search',
  keyword: '水库 除险加固',
  frequency: 'immediate',
}

describe.each(testEngines)('requests for saved searches on %s', (engine) => {
  let t: TestDatabase
  let app: FastifyInstance
  let smtp: TestSmtpServer
  let api: ReturnType<typeof alertTestApi>
  let clock = new Date(seededAt.getTime() + 2 * 24 * HOUR)

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestDatabase(engine)
    app = await buildTestApp(t, {
      config: { smtpUrl: smtp.url },
      now: () => clock,
    })
    api = alertTestApi(app, smtp)
  })
  afterAll(async () => {
    await app?.close()
    await t?.destroy()
    await smtp?.close()
  })

  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms)
  }
  const rowsOf = (email: string) =>
    t.db
      .selectFrom('alertSubscription')
      .select(['id', 'confirmedAt', 'frequency', 'keyword'])
      .where('email', '=', email)
      .execute()
  const allRows = async () =>
    Number(
      (
        await t.db
          .selectFrom('alertSubscription')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  /** Lets the delivery run, so that a mail not sent now is not on its way either. */
  const settled = () => app.alerts.runNow()

  it('answers a request for a search subscribed already exactly as a new one, mailing at most once per address and search within ten minutes', async () => {
    const email = 'wang.bidder@example.com'
    const first = await api.subscribe({ ...SEARCH, email })
    const token = await api.confirmationToken(email)
    // Asked again at once, by the owner or by anyone: the same answer, no second mail.
    const again = await api.subscribe({
      ...SEARCH,
      email: 'WANG.bidder@example.com',
    })
    const fresh = await api.subscribe({
      ...SEARCH,
      email: 'someone.new@example.com',
    })
    await settled()
    for (const answer of [again, fresh]) {
      expect(answer.statusCode).toBe(first.statusCode)
      expect(answer.body).toBe(first.body)
      expect(answer.headers['content-type']).toBe(first.headers['content-type'])
    }
    expect(first.json()).toEqual({ message: ALERT_MESSAGES.requested })
    expect(api.mailsTo(email)).toHaveLength(1)
    expect(await rowsOf(email)).toHaveLength(1)

    // The same search with the words spaced otherwise is the same search.
    await api.subscribe({ ...SEARCH, keyword: ' 水库   除险加固 ', email })
    await settled()
    expect(api.mailsTo(email)).toHaveLength(1)
    expect(await rowsOf(email)).toHaveLength(1)

    expect((await api.confirm(token)).statusCode).toBe(303)
    // Subscribed: asked again after the window, the owner is told so, with the way out.
    later(11 * MINUTE)
    const subscribedAlready = await api.subscribe({ ...SEARCH, email })
    expect(subscribedAlready.body).toBe(first.body)
    const notice = await api.mailTo(email, '您已订阅该信息提醒')
    expect(notice.text).toContain('无需再次确认')
    expect(notice.text).not.toContain('/alerts/confirm')
    const unsubscribeLink = api.linkIn(notice, '/alerts/unsubscribe')

    // Another frequency asks for a confirmation of the change; the subscription holds meanwhile.
    later(11 * MINUTE)
    await api.subscribe({ ...SEARCH, frequency: 'daily', email })
    const change = await api.mailTo(email, '请确认更改提醒方式')
    expect(change.text).toContain('提醒方式：每日汇总')
    expect(await rowsOf(email)).toEqual([
      expect.objectContaining({ frequency: 'immediate' }),
    ])
    const changed = await api.confirm(
      api.tokenOf(api.linkIn(change, '/alerts/confirm')),
    )
    expect(changed.statusCode).toBe(303)
    expect(await rowsOf(email)).toEqual([
      expect.objectContaining({ frequency: 'daily' }),
    ])

    // The page's 确认退订: gone, and its link dead.
    const gone = await api.unsubscribe(api.tokenOf(unsubscribeLink))
    expect(gone.statusCode).toBe(303)
    expect(gone.headers.location).toBe(
      '/alerts/unsubscribe?outcome=unsubscribed',
    )
    expect(await rowsOf(email)).toEqual([])
    const reused = await api.unsubscribe(api.tokenOf(unsubscribeLink))
    expect(reused.statusCode).toBe(404)
    expect(reused.json()).toEqual({
      message: ALERT_MESSAGES.invalidUnsubscribe,
    })
  })

  it('refuses a bad address, a bad frequency, filters no page sends and a search without a keyword, storing and mailing nothing', async () => {
    const before = await allRows()
    const mails = smtp.received.length
    const cases: [Record<string, string>, string][] = [
      [{ ...SEARCH, email: 'not-an-address' }, ALERT_MESSAGES.badEmail],
      [{ ...SEARCH, email: '' }, ALERT_MESSAGES.badEmail],
      [{ ...SEARCH, email: 'a@b@example.com' }, ALERT_MESSAGES.badEmail],
      [
        { ...SEARCH, email: `${'x'.repeat(250)}@example.com` },
        ALERT_MESSAGES.badEmail,
      ],
      [
        { ...SEARCH, email: 'ok@example.com', frequency: 'hourly' },
        ALERT_MESSAGES.badFrequency,
      ],
      [
        { ...SEARCH, email: 'ok@example.com', scope: 'complaints' },
        ALERT_MESSAGES.badFilters,
      ],
      [
        { ...SEARCH, email: 'ok@example.com', keyword: '   ' },
        ALERT_MESSAGES.noKeyword,
      ],
      [
        { ...SEARCH, email: 'ok@example.com', type: 'complaint' },
        ALERT_MESSAGES.badFilters,
      ],
      [
        {
          email: 'ok@example.com',
          frequency: 'daily',
          scope: 'business',
          category: '99',
        },
        ALERT_MESSAGES.badFilters,
      ],
      [
        {
          email: 'ok@example.com',
          frequency: 'daily',
          scope: 'business',
          stage: 'bidNotice',
        },
        ALERT_MESSAGES.badFilters,
      ],
      [
        {
          email: 'ok@example.com',
          frequency: 'daily',
          scope: 'business',
          category: '3',
          stage: 'bidNotice',
        },
        ALERT_MESSAGES.badFilters,
      ],
      [
        {
          email: 'ok@example.com',
          frequency: 'daily',
          scope: 'business',
          region: '110000',
        },
        ALERT_MESSAGES.badFilters,
      ],
      [
        {
          email: 'ok@example.com',
          frequency: 'daily',
          scope: 'news',
          category: 'national',
        },
        ALERT_MESSAGES.badFilters,
      ],
    ]
    for (const [fields, message] of cases) {
      for (const answer of [
        await api.subscribe(fields),
        await api.subscribeForm(fields),
      ]) {
        expect(answer.statusCode, JSON.stringify(fields)).toBe(400)
        expect(answer.json()).toEqual({ message })
      }
    }
    const tooLarge = await api.subscribeForm({
      ...SEARCH,
      email: 'ok@example.com',
      keyword: '水'.repeat(4000),
    })
    expect(tooLarge.statusCode).toBe(413)
    await settled()
    expect(await allRows()).toBe(before)
    expect(smtp.received.length).toBe(mails)
  })

  it('refuses a confirmation link reused, altered or expired, and deletes an unconfirmed request when its link expires', async () => {
    const email = 'zhao.agency@example.com'
    await api.subscribe({ ...SEARCH, email })
    const token = await api.confirmationToken(email)
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    for (const wrong of [altered, 'abc', `${token}x`, token.split('.')[0]!]) {
      const answer = await api.confirm(wrong)
      expect(answer.statusCode, wrong).toBe(404)
      expect(answer.json()).toEqual({ message: ALERT_MESSAGES.invalidConfirm })
    }
    // A confirmation link is no unsubscription link, nor the other way round.
    expect((await api.unsubscribe(token)).statusCode).toBe(404)
    expect((await api.confirm(token)).statusCode).toBe(303)
    const reused = await api.confirm(token)
    expect(reused.statusCode).toBe(404)
    expect(reused.json()).toEqual({ message: ALERT_MESSAGES.invalidConfirm })
    expect(await rowsOf(email)).toHaveLength(1)

    const late = 'late@example.com'
    await api.subscribe({ ...SEARCH, email: late })
    const lateToken = await api.confirmationToken(late)
    later(72 * HOUR + MINUTE)
    const expired = await api.confirm(lateToken)
    expect(expired.statusCode).toBe(410)
    expect(expired.json()).toEqual({ message: ALERT_MESSAGES.expiredConfirm })
    expect(await rowsOf(late)).toEqual([])

    // Never opened: the delivery's purge deletes it, address and all.
    const never = 'never@example.com'
    await api.subscribe({ ...SEARCH, email: never })
    await api.confirmationToken(never)
    later(71 * HOUR)
    await settled()
    expect(await rowsOf(never)).toHaveLength(1)
    later(2 * HOUR)
    await settled()
    expect(await rowsOf(never)).toEqual([])
  })

  it('counts requests per client and per address, refusing a thousand from one client with 429, storing and mailing nothing for them', async () => {
    const before = await allRows()
    const mails = smtp.received.length
    const client = '10.99.0.1'
    const answers = []
    for (let i = 0; i < 1000; i++)
      answers.push(
        (
          await api.subscribe(
            { ...SEARCH, email: `flood${i}@example.com` },
            client,
          )
        ).statusCode,
      )
    expect(answers.filter((status) => status === 200)).toHaveLength(10)
    expect(answers.filter((status) => status === 429)).toHaveLength(990)
    const refused = await api.subscribe(
      { ...SEARCH, email: 'flood999@example.com' },
      client,
    )
    expect(refused.json()).toEqual({ message: MSG_TOO_FREQUENT })
    await settled()
    expect(await allRows()).toBe(before + 10)
    expect(smtp.received.length).toBe(mails + 10)

    // One address from many clients: five requests an hour, and one mail for them.
    const email = 'target@example.com'
    const statuses = []
    for (let i = 0; i < 8; i++)
      statuses.push(
        (await api.subscribe({ ...SEARCH, email }, `10.98.0.${i + 1}`))
          .statusCode,
      )
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429])
    await settled()
    expect(api.mailsTo(email)).toHaveLength(1)
  })

  it(`keeps at most ${ALERT_SEARCHES_PER_ADDRESS} searches of one address, answering a request past them as any other`, async () => {
    const email = 'collector@example.com'
    for (let i = 0; i <= ALERT_SEARCHES_PER_ADDRESS; i++)
      await app.alerts.subscribe({
        email,
        frequency: 'daily',
        filters: {
          ...SEARCH,
          scope: 'search',
          type: '',
          category: '',
          region: '',
          stage: '',
          keyword: `关键字${i}`,
        },
      })
    await settled()
    expect(await rowsOf(email)).toHaveLength(ALERT_SEARCHES_PER_ADDRESS)
    expect(api.mailsTo(email)).toHaveLength(ALERT_SEARCHES_PER_ADDRESS)
  })

  it('answers the forms without scripts by a redirect to the page that says what became of them, with no address in it', async () => {
    const answer = await api.subscribeForm({
      email: 'form@example.com',
      frequency: 'daily',
      scope: 'business',
      category: '101',
      region: '652800',
      keyword: '堤防',
    })
    expect(answer.statusCode).toBe(303)
    expect(answer.headers.location).toBe(
      '/alerts/subscribe?scope=business&keyword=%E5%A0%A4%E9%98%B2&category=101&region=652800&outcome=requested',
    )
    expect(answer.headers['cache-control']).toBe('no-store')
    const token = await api.confirmationToken('form@example.com')
    const confirmed = await api.confirm(token)
    expect(confirmed.headers.location).toBe('/alerts/confirm?outcome=confirmed')
  })
})
