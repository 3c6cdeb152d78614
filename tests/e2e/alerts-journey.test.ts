import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  linkIn,
  startSmtpServer,
  type TestSmtpServer,
} from '#tests/smtp-server.ts'

import {
  expectFitsWithoutOverlap,
  expectNoAxeViolations,
  useJourneyBrowser,
  waitForHydration,
  tick,
} from './browser.ts'
import { type OwnPortal, startOwnPortal } from './own-portal.ts'

const { openPage } = useJourneyBrowser()

/**
 * Saving a search from a phone and confirming it through the mailed link, in Chromium: a
 * portal of its own whose mail goes to a test SMTP server (the shared portal writes mails to
 * its log), so the link followed is the one the mail carried.
 */
describe('saving a search for e-mail alerts', () => {
  let smtp: TestSmtpServer
  let portal: OwnPortal
  let baseUrl: string

  beforeAll(async () => {
    smtp = await startSmtpServer()
    portal = await startOwnPortal('alerts', {
      SMTP_URL: smtp.url,
      MAIL_FROM: '水利工程招标投标在线监督平台 <noreply@example.gov.cn>',
    })
    baseUrl = portal.baseUrl
  }, 120_000)

  afterAll(async () => {
    await portal?.stop()
    await smtp?.close()
  })

  it('subscribes from the search page at 375 px and confirms through the mailed link', async () => {
    const { page, errors, close } = await openPage(375)
    await page.goto(
      `${baseUrl}/search?keyword=${encodeURIComponent('水库')}&type=announcement`,
    )
    await waitForHydration(page)
    await page.getByRole('link', { name: '订阅提醒' }).click()

    const dialog = page.getByRole('dialog', { name: '订阅提醒' })
    await expect.poll(() => dialog.isVisible(), { timeout: 60_000 }).toBe(true)
    // The search being saved, in words.
    const filters = dialog.getByRole('definition')
    expect(await filters.allInnerTexts()).toEqual([
      '站内搜索',
      '水库',
      '交易公告',
    ])
    // The address is checked before anything is sent, in Chinese.
    await dialog.getByLabel('电子邮箱').fill('zhang.bidder')
    await dialog.getByRole('button', { name: '发送确认邮件' }).click()
    await expect
      .poll(() => dialog.getByText('请输入有效的电子邮箱地址').count())
      .toBe(1)
    await dialog.getByLabel('电子邮箱').fill('Zhang.Bidder@example.com')
    await tick(dialog.getByRole('radio', { name: '每日汇总' }))
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: '发送确认邮件' }).click()
    await expect
      .poll(() => dialog.getByText('请查收确认邮件').count(), {
        timeout: 60_000,
      })
      .toBe(1)
    await expectNoAxeViolations(page)

    const mail = await smtp.waitForMail((m) =>
      m.recipients.includes('zhang.bidder@example.com'),
    )
    expect(mail.subject).toBe(
      '请确认订阅信息提醒 - 水利工程招标投标在线监督平台',
    )
    expect(mail.text).toContain('提醒方式：每日汇总')
    const link = linkIn(mail, '/alerts/confirm')
    expect(link.startsWith(`${baseUrl}/alerts/confirm?token=`)).toBe(true)

    // Opening the link confirms nothing (mail scanners open links too): the button does.
    const opened = await page.goto(link)
    expect(opened?.status()).toBe(200)
    expect(opened?.headers()['cache-control']).toBe('no-store')
    expect(opened?.headers()['x-robots-tag']).toBe('noindex')
    expect(
      await page.locator('meta[name="robots"]').getAttribute('content'),
    ).toBe('noindex')
    await expect
      .poll(() =>
        page.getByRole('heading', { name: '确认订阅', level: 1 }).count(),
      )
      .toBe(1)
    await expectFitsWithoutOverlap(page)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: '确认订阅' }).click()
    await page.waitForURL(/\/alerts\/confirm\?outcome=confirmed$/)
    await expect
      .poll(() => page.getByRole('heading', { name: '订阅已确认' }).count())
      .toBe(1)
    await expectNoAxeViolations(page)

    // The same link again: refused, saying so.
    const again = await page.goto(link)
    expect(again?.status()).toBe(200)
    await page.getByRole('button', { name: '确认订阅' }).click()
    await expect
      .poll(() => page.getByRole('heading', { name: '确认链接无效' }).count())
      .toBe(1)
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([])
    await close()
  })
})
