import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ROLE_HANDLER, ROLE_HEAD } from '#common/constants/staff.ts'
import { fileComplaint } from '#server/complaints/file-complaint.ts'
import { createDatabase } from '#server/db/database.ts'
import { openFileStorage } from '#server/files/file-storage-plugin.ts'
import { createStaffService } from '#server/staff/staff-service.ts'
import { validatedFiling } from '#tests/complaint-test-data.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/smtp-server.ts'

import {
  expectFitsWithoutOverlap,
  expectNoAxeViolations,
  tick,
  useJourneyBrowser,
} from './browser.ts'
import { type OwnPortal, startOwnPortal } from './own-portal.ts'
import { consolePage, setUpAccount, signIn } from './staff-console.ts'

const { openPage } = useJourneyBrowser()

// A Tuesday, 09:00 in Beijing: a working day past the hour reminders go from, whatever day the
// suite runs on. The portal runs under faketime from this instant; the journey's own clock is
// real, so the authenticator codes it types are of the portal's time.
const PORTAL_START = '2026-12-08T01:00:00Z'
const SIGN_IN_PASSWORD_PERSON = {
  accountName: 'sun.head',
  displayName: '孙处长',
}

type SmsLine = { sms?: { phone: string; text: string } }

/**
 * The head of the complaints office registers an e-mail address and a mobile number in the
 * console (each confirmed by the code sent to it: a real SMTP conversation, and the SMS log),
 * chooses to be reminded three working days ahead, and is reminded at once of a complaint
 * received that morning: by mail, by SMS, in the case's timeline; the morning digest follows.
 */
describe('deadline reminders by mail and SMS', () => {
  let smtp: TestSmtpServer
  let portal: OwnPortal
  let baseUrl: string
  let offsetMs = 0
  let setupLink = ''

  const smsTexts = () =>
    portal
      .log()
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes('"sms"'))
      .map((line) => (JSON.parse(line) as SmsLine).sms?.text ?? '')

  beforeAll(async () => {
    smtp = await startSmtpServer()
    offsetMs = Date.parse(PORTAL_START) - Date.now()
    portal = await startOwnPortal(
      'reminders',
      {
        TZ: 'UTC',
        FAKETIME_DONT_RESET: '1',
        REDIS_URL: '',
        SMTP_URL: smtp.url,
        MAIL_FROM: '水利工程招标投标在线监督平台 <noreply@example.gov.cn>',
      },
      {
        command: [
          'faketime',
          '-f',
          `@${PORTAL_START.replace('T', ' ').replace('Z', '')}`,
        ],
      },
    )
    baseUrl = portal.baseUrl
    const { dataDir } = portal

    // The head's account, made as an administrator would; and a complaint received this
    // morning, acceptance due in three working days (12-11).
    const db = await createDatabase({ dataDir })
    const storage = await openFileStorage({ dataDir, s3: null })
    try {
      const staff = createStaffService({
        db,
        secretKey: 'unused: the portal keeps its own key',
        publicBaseUrl: baseUrl,
      })
      setupLink = (
        await staff.createAccount(
          null,
          { address: '127.0.0.1' },
          { ...SIGN_IN_PASSWORD_PERSON, roles: [ROLE_HANDLER, ROLE_HEAD] },
        )
      ).setupUrl
      const portalNow = () => new Date(Date.now() + offsetMs)
      await fileComplaint(
        db,
        { now: portalNow },
        await validatedFiling(db, storage),
      )
    } finally {
      await storage.close()
      await db.destroy()
    }
  }, 120_000)

  afterAll(async () => {
    await portal?.stop()
    await smtp?.close()
  })

  it('confirms the address and the number by code, then reminds of the complaint’s acceptance deadline', async () => {
    const { page, errors, close } = await openPage(1440)
    const link = new URL(setupLink)
    const secret = await setUpAccount(
      page,
      `${baseUrl}${link.pathname}${link.search}`,
      SIGN_IN_PASSWORD_PERSON.accountName,
      { isThorough: false, offsetMs },
    )
    await page.goto(`${baseUrl}/admin/login`)
    await consolePage(page, '管理后台登录')
    await signIn(page, SIGN_IN_PASSWORD_PERSON.accountName, secret, offsetMs)
    await consolePage(page, '欢迎，孙处长')

    // The home page says that no reminder can reach him yet, and where to change that.
    await page
      .getByText('您尚未登记经确认的邮箱或手机号，收不到投诉期限提醒和每日待办')
      .waitFor()
    await page
      .getByRole('link', { name: '前往“我的账号”登记邮箱和手机号' })
      .click()
    await consolePage(page, '我的账号')
    const section = page.locator('#reminders')
    await section
      .getByText('您尚未登记经确认的邮箱或手机号，收不到期限提醒和每日待办')
      .waitFor()
    await expectNoAxeViolations(page)

    // A mistyped address is refused before anything is sent.
    const email = section.getByRole('region', { name: '电子邮箱' })
    await email.getByLabel('电子邮箱').fill('sun.head@')
    await email.getByRole('button', { name: '发送验证码' }).click()
    await email.getByText('请填写正确的电子邮箱地址').waitFor()
    await email.getByLabel('电子邮箱').fill('Sun.Head@Example.gov.cn')
    await email.getByRole('button', { name: '发送验证码' }).click()
    await email.getByText('验证码已发送至 s***@example.gov.cn').waitFor()
    // Each label names its own field: no id is used twice on the page (the second factor's
    // form below has a code field too).
    expect(
      await page.evaluate(() => {
        const ids = [...document.querySelectorAll('[id]')].map((e) => e.id)
        return ids.filter((id, i) => ids.indexOf(id) !== i)
      }),
    ).toEqual([])
    const codeMail = await smtp.waitForMail((m) =>
      m.recipients.includes('sun.head@example.gov.cn'),
    )
    const emailCode = /验证码为(\d{6})/.exec(codeMail.text ?? '')![1]!
    // The resend button counts down instead of sending again.
    expect(
      await email.getByRole('button', { name: /秒后可重新发送/ }).isDisabled(),
    ).toBe(true)
    await email.getByLabel('收到的验证码').fill(emailCode)
    await email.getByRole('button', { name: '确认电子邮箱' }).click()
    await email.getByText('已确认：sun.head@example.gov.cn').waitFor()

    const mobile = section.getByRole('region', { name: '手机号码' })
    await mobile.getByLabel('手机号码').fill('13800002222')
    await mobile.getByRole('button', { name: '发送验证码' }).click()
    await mobile.getByText('验证码已发送至 138****2222').waitFor()
    await expect
      .poll(() => smsTexts().some((text) => text.includes('验证码为')))
      .toBe(true)
    const smsCode = /验证码为(\d{6})/.exec(
      smsTexts().findLast((text) => text.includes('验证码为'))!,
    )![1]!
    await mobile.getByLabel('收到的验证码').fill(smsCode)
    await mobile.getByRole('button', { name: '确认手机号码' }).click()
    await mobile.getByText('已确认：13800002222').waitFor()
    expect(
      await section.getByText('您尚未登记经确认的邮箱或手机号').count(),
    ).toBe(0)

    // The morning digest comes once the address is confirmed: today's has not gone yet.
    const digest = await smtp.waitForMail(
      (m) =>
        m.recipients.includes('sun.head@example.gov.cn') &&
        (m.subject ?? '').startsWith('【每日待办】12月8日'),
      30_000,
    )
    expect(digest.text).toContain('受理期限2026-12-11，还剩3个工作日')

    // By default a day before and on the day: nothing yet for a deadline three days off.
    expect(
      smtp.received.filter((m) => (m.subject ?? '').startsWith('【期限提醒】')),
    ).toEqual([])
    await tick(section.getByRole('checkbox', { name: '提前3个工作日' }))
    await section.getByRole('button', { name: '保存提醒时间' }).click()
    await section.getByText('提醒时间已保存').waitFor()
    const reminder = await smtp.waitForMail(
      (m) => (m.subject ?? '').startsWith('【期限提醒】'),
      30_000,
    )
    expect(reminder.subject).toMatch(
      /^【期限提醒】投诉\S+受理期限2026-12-11（还剩3个工作日）$/,
    )
    const complaintNo = /投诉(\S+?)受理期限/.exec(reminder.subject!)![1]!
    await expect
      .poll(() =>
        smsTexts().some((text) =>
          text.includes(`期限提醒：投诉${complaintNo}受理期限2026-12-11`),
        ),
      )
      .toBe(true)
    await expectFitsWithoutOverlap(page)
    await expectNoAxeViolations(page)
    if (process.env.JOURNEY_SCREENSHOTS)
      await section.screenshot({
        path: `${process.env.JOURNEY_SCREENSHOTS}/reminders-1440.png`,
      })

    // The case's timeline says who was reminded, how.
    await page.goto(`${baseUrl}/admin/complaints/${complaintNo}`)
    await consolePage(page, new RegExp(complaintNo))
    await page
      .getByText(
        '已提醒孙处长：受理期限2026-12-11，还剩3个工作日（邮件、短信）',
      )
      .waitFor()
    expect(errors).toEqual([])
    const cookies = await page.context().cookies()
    await close()

    // At 375 px the section stays within the screen (the tokens table further down scrolls
    // sideways in its own box, as every wide console table does).
    const phone = await openPage(375)
    await phone.context.addCookies(cookies)
    await phone.page.goto(`${baseUrl}/admin/account`)
    await consolePage(phone.page, '我的账号')
    const narrow = phone.page.locator('#reminders')
    await narrow.getByText('已确认：13800002222').waitFor()
    const box = await narrow.boundingBox()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(375)
    expect(
      await phone.page.evaluate(
        () =>
          document.documentElement.scrollWidth -
          document.documentElement.clientWidth,
      ),
    ).toBe(0)
    if (process.env.JOURNEY_SCREENSHOTS)
      await narrow.screenshot({
        path: `${process.env.JOURNEY_SCREENSHOTS}/reminders-375.png`,
      })
    expect(phone.errors).toEqual([])
    await phone.close()
  })
})
