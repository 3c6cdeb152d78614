import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ALERT_MESSAGES } from '#common/constants/alerts.ts'
import type { ArticleFields } from '#common/schemas/content/article-fields.ts'
import {
  startOfShanghaiDay,
  toShanghaiText,
} from '#server/shared/publish-time.ts'
import { alertTestApi } from '#tests/alert-test-api.ts'
import {
  announcementFields,
  contentStaff,
  noticeFields,
  projectFields,
  publicIdOf,
  publishItem,
  publishNotice,
  reviseItem,
} from '#tests/content-test-api.ts'
import {
  createTestDatabase,
  seededAt,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import {
  headerOf,
  startSmtpServer,
  type TestSmtpServer,
} from '#tests/smtp-server.ts'
import { buildTestApp } from '#tests/test-app.ts'

const HOUR = 60 * 60_000
const DAY = 24 * HOUR

describe.each(testEngines)(
  'saved searches and their alerts on %s',
  (engine) => {
    let t: TestDatabase
    let app: FastifyInstance
    let smtp: TestSmtpServer
    let staff: Awaited<ReturnType<typeof contentStaff>>
    let api: ReturnType<typeof alertTestApi>
    // 10:00 in Shanghai, two days after the demo content: nothing seeded is news.
    let clock = new Date(
      startOfShanghaiDay(new Date(seededAt.getTime() + 2 * DAY)).getTime() +
        10 * HOUR,
    )

    beforeAll(async () => {
      smtp = await startSmtpServer()
      t = await createTestDatabase(engine)
      app = await buildTestApp(t, {
        config: { smtpUrl: smtp.url },
        now: () => clock,
      })
      staff = await contentStaff(app)
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
    const subscriptionsOf = (email: string) =>
      t.db
        .selectFrom('alertSubscription')
        .select(['id', 'confirmedAt', 'frequency'])
        .where('email', '=', email)
        .execute()
    /** Asks for a saved search and confirms it through the mailed link. */
    async function subscribed(fields: Record<string, string>) {
      const asked = await api.subscribe(fields)
      expect(asked.statusCode, asked.body).toBe(200)
      const confirmed = await api.confirm(
        await api.confirmationToken(fields.email!),
      )
      expect(confirmed.statusCode, confirmed.body).toBe(303)
    }
    const notice = (title: string, overrides: Partial<ArticleFields> = {}) =>
      publishNotice(staff, noticeFields(title, overrides))

    it('confirms by the mailed link, then mails a notice published through the review with its link and a one-click unsubscription that deletes the address', async () => {
      const email = 'li.bidder@example.com'
      const asked = await api.subscribe({
        email: ' Li.Bidder@Example.com ',
        frequency: 'immediate',
        scope: 'news',
        category: 'notice',
        keyword: '防汛',
      })
      expect(asked.statusCode).toBe(200)
      expect(asked.json()).toEqual({ message: ALERT_MESSAGES.requested })

      const request = await api.mailTo(email, '请确认订阅')
      expect(request.subject).toMatch(/^请确认订阅信息提醒 - /)
      expect(request.text).toContain('栏目：通知公告')
      expect(request.text).toContain('关键字：防汛')
      expect(request.text).toContain('提醒方式：即时提醒')
      const confirmLink = api.linkIn(request, '/alerts/confirm')
      expect(confirmLink).toMatch(
        /^http:\/\/127\.0\.0\.1:3000\/alerts\/confirm\?token=/,
      )
      // Until confirmed, nothing is sent but the confirmation.
      await notice('关于做好2026年防汛准备工作的通知')
      await app.alerts.runNow()
      expect(api.mailsTo(email)).toHaveLength(1)
      later(60_000)

      const confirmed = await api.confirm(api.tokenOf(confirmLink))
      expect(confirmed.statusCode).toBe(303)
      expect(confirmed.headers.location).toBe(
        '/alerts/confirm?outcome=confirmed',
      )
      expect(await subscriptionsOf(email)).toEqual([
        expect.objectContaining({
          confirmedAt: toShanghaiText(clock),
          frequency: 'immediate',
        }),
      ])

      later(60_000)
      const item = await notice('关于开展汛前防汛安全检查的通知')
      // Another category, and a notice without the keyword: neither is for this search.
      await publishItem(staff, 'article', {
        ...noticeFields('防汛工作动态'),
        categoryId: 1001,
      })
      await notice('关于开展安全生产检查的通知')
      const alert = await api.mailTo(email, '新信息提醒')
      await app.alerts.runNow()
      expect(api.mailsTo(email)).toHaveLength(2)
      expect(alert.subject).toMatch(
        /^新信息提醒：关于开展汛前防汛安全检查的通知 - /,
      )
      expect(alert.text).toContain(
        `http://127.0.0.1:3000/index/newDetail?id=${publicIdOf(item)}`,
      )
      expect(alert.html).toContain(`/index/newDetail?id=${publicIdOf(item)}`)
      const unsubscribeLink = api.linkIn(alert, '/alerts/unsubscribe')
      expect(headerOf(alert, 'List-Unsubscribe')).toBe(`<${unsubscribeLink}>`)
      expect(headerOf(alert, 'List-Unsubscribe-Post')).toBe(
        'List-Unsubscribe=One-Click',
      )

      // The mail client's 退订: the subscription and what it was sent are gone.
      const [subscription] = await subscriptionsOf(email)
      const gone = await api.oneClick(unsubscribeLink)
      expect(gone.statusCode).toBe(200)
      expect(gone.json()).toEqual({ message: ALERT_MESSAGES.unsubscribed })
      expect(await subscriptionsOf(email)).toEqual([])
      expect(
        await t.db
          .selectFrom('alertDelivery')
          .select('id')
          .where('subscriptionId', '=', subscription!.id)
          .execute(),
      ).toEqual([])
      later(60_000)
      await notice('关于防汛物资储备的通知')
      await app.alerts.runNow()
      expect(api.mailsTo(email)).toHaveLength(2)
    })

    it('sends a daily digest of the matches at 8:00 Shanghai time, once, and an announcement of a project found by its name', async () => {
      const email = 'digest@example.com'
      await subscribed({
        email,
        frequency: 'daily',
        scope: 'business',
        category: '101',
        region: '652800',
        stage: 'bidNotice',
        keyword: '防洪',
      })
      later(HOUR)
      const project = await publishItem(
        staff,
        'project',
        projectFields('SLJ-2026-ALERT-01'),
      )
      const projectId = publicIdOf(project)
      await publishItem(
        staff,
        'announcement',
        announcementFields(projectId, 'entry', '项目入场登记'),
      )
      const tender = await publishItem(
        staff,
        'announcement',
        announcementFields(projectId, 'bidNotice', '施工招标公告'),
      )
      // Another region: not for this search.
      const elsewhere = await publishItem(
        staff,
        'project',
        projectFields('SLJ-2026-ALERT-02', { regionCode: '650100' }),
      )
      await publishItem(
        staff,
        'announcement',
        announcementFields(
          publicIdOf(elsewhere),
          'bidNotice',
          '乌鲁木齐防洪工程招标公告',
        ),
      )
      await app.alerts.runNow()
      expect(api.mailsTo(email)).toHaveLength(1)

      // 07:59 the next day: not yet.
      clock = new Date(
        startOfShanghaiDay(new Date(clock.getTime() + DAY)).getTime() +
          8 * HOUR -
          60_000,
      )
      await app.alerts.runNow()
      expect(api.mailsTo(email)).toHaveLength(1)
      later(2 * 60_000)
      await app.alerts.runNow()
      const digest = await api.mailTo(email, '每日汇总')
      expect(digest.subject).toMatch(
        /^每日汇总（\d+月\d+日）：1条新信息符合您的订阅 - /,
      )
      expect(digest.text).toContain('施工招标公告')
      expect(digest.text).not.toContain('项目入场登记')
      expect(digest.text).not.toContain('乌鲁木齐')
      expect(digest.text).toContain(
        `/business/detail?id=${projectId}&stage=bidNotice`,
      )
      expect(headerOf(digest, 'List-Unsubscribe-Post')).toBe(
        'List-Unsubscribe=One-Click',
      )
      void tender
      later(HOUR)
      await app.alerts.runNow()
      expect(api.mailsTo(email)).toHaveLength(2)
    })

    it('retries an alert the SMTP server refused for a while, sending it once, and never sends an item again when it is corrected', async () => {
      const email = 'retry@example.com'
      await subscribed({
        email,
        frequency: 'immediate',
        scope: 'search',
        keyword: '灌区',
      })
      later(60_000)
      smtp.refuseNext(2)
      const item = await notice('关于灌区续建配套项目的公告')
      await app.alerts.runNow()
      expect(api.mailsTo(email)).toHaveLength(1)
      const pending = () =>
        t.db
          .selectFrom('alertDelivery as d')
          .innerJoin('alertSubscription as s', 's.id', 'd.subscriptionId')
          .select(['d.state', 'd.attempts'])
          .where('s.email', '=', email)
          .execute()
      expect(await pending()).toEqual([{ state: 'pending', attempts: 1 }])
      // Not before its pause is over (a minute, then two).
      await app.alerts.runNow()
      expect(await pending()).toEqual([{ state: 'pending', attempts: 1 }])
      later(61_000)
      await app.alerts.runNow()
      expect(await pending()).toEqual([{ state: 'pending', attempts: 2 }])
      later(121_000)
      await app.alerts.runNow()
      expect(await pending()).toEqual([{ state: 'sent', attempts: 3 }])
      const alerts = api
        .mailsTo(email)
        .filter((m) => m.subject?.startsWith('新信息提醒'))
      expect(alerts).toHaveLength(1)
      expect(alerts[0]!.text).toContain('关于灌区续建配套项目的公告')

      // A correction republishes the item: it is not news again.
      later(60_000)
      await reviseItem(
        staff,
        item,
        noticeFields('关于灌区续建配套项目的公告（更正）'),
      )
      await app.alerts.runNow()
      expect(api.mailsTo(email)).toHaveLength(2)
    })

    it('does not send an item withdrawn before its digest', async () => {
      const email = 'withdrawn@example.com'
      await subscribed({
        email,
        frequency: 'daily',
        scope: 'news',
        category: 'all',
        keyword: '',
      })
      later(60_000)
      const kept = await notice('关于水利工程质量检查的通知')
      const withdrawn = await notice('关于暂停受理的通知')
      await app.alerts.runNow()
      const out = await staff.reviewer.call(
        'POST',
        `/content/items/${withdrawn.id}/withdraw`,
        {
          reason: '信息有误',
        },
      )
      expect(out.statusCode, out.body).toBe(200)
      clock = new Date(
        startOfShanghaiDay(new Date(clock.getTime() + DAY)).getTime() +
          8 * HOUR +
          60_000,
      )
      await app.alerts.runNow()
      const digest = await api.mailTo(email, '每日汇总')
      expect(digest.text).toContain('关于水利工程质量检查的通知')
      expect(digest.text).not.toContain('关于暂停受理的通知')
      void kept
    })
  },
)
