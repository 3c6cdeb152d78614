import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ROLE_HANDLER, ROLE_HEAD } from '#common/constants/staff.ts'
import { fileComplaint } from '#server/complaints/file-complaint.ts'
import { deliverDueMail } from '#server/shared/mail-outbox.ts'
import { createSmtpMailSender } from '#server/shared/mail-sender.ts'
import { createLogSmsSender } from '#server/shared/sms-sender.ts'
import { testConfig } from '#tests/app-config.ts'
import {
  complaintTestApi,
  createOfficialToken,
} from '#tests/complaint-test-api.ts'
import { validatedFiling } from '#tests/complaint-test-data.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/smtp-server.ts'
import { buildTestApp } from '#tests/test-app.ts'

import { deliverDueSms } from '../sms-outbox.ts'
import {
  runDueReminders,
  runMorningDigests,
  runReminderPass,
} from './send-reminders.ts'

const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`)

/** What two processes running the job at the same moment send between them. */
async function twoAtOnce(run: () => Promise<number>) {
  const [a, b] = await Promise.all([run(), run()])
  return a + b
}

// 赵科长 handles the case (he signs for it) and heads the department; 孙处长 heads it with only a
// mobile number; 钱干事 handles other cases and hears nothing of this one.
describe.each(testEngines)('deadline reminders on %s', (engine) => {
  let t: TestDatabase
  let app: FastifyInstance
  let api: ReturnType<typeof complaintTestApi>
  let smtp: TestSmtpServer
  let clock = at('2026-09-29 09:00:00')
  const sms = createLogSmsSender({ info() {} })
  const mail = () => createSmtpMailSender(smtp.url, 'noreply@example.gov.cn')
  const tokens = {} as Record<'zhao' | 'sun' | 'qian', string>
  const deps = () => ({
    now: () => clock,
    baseUrl: 'https://jd.example.gov.cn',
  })

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestDatabase(engine, { isEmpty: true })
    app = await buildTestApp(t, {
      sms,
      now: () => clock,
      autoAcceptIntervalMs: null,
    })
    api = complaintTestApi(app, { ...testConfig(''), dataDir: t.dataDir })
    tokens.zhao = await createOfficialToken(app, '赵科长', [
      ROLE_HANDLER,
      ROLE_HEAD,
    ])
    tokens.sun = await createOfficialToken(app, '孙处长', [ROLE_HEAD])
    tokens.qian = await createOfficialToken(app, '钱干事', [ROLE_HANDLER])
    // Confirmed through the console in own-contacts.test.ts; set here as confirmed.
    const contacts = {
      赵科长: { email: 'zhao@example.gov.cn', mobile: '13800001111' },
      孙处长: { email: null, mobile: '13800002222' },
      钱干事: { email: 'qian@example.gov.cn', mobile: '13800003333' },
    }
    for (const [displayName, contact] of Object.entries(contacts))
      await t.db
        .updateTable('staffAccount')
        .set(contact)
        .where('displayName', '=', displayName)
        .execute()
  })
  afterAll(async () => {
    await app?.close()
    await t?.destroy()
    await smtp?.close()
  })

  const timelineOf = async (no: string) =>
    (await api.staff(`/complaints/${no}`, undefined, tokens.sun)).json<{
      timeline: { type: string; reason: string }[]
    }>().timeline

  /** A complaint filed at `time` and signed for by the holder of `token`, its 承办人. */
  async function signedComplaint(time: string, token: string) {
    clock = at(time)
    const { complaintNo } = await fileComplaint(
      t.db,
      { now: () => clock },
      await validatedFiling(t.db, t.storage),
    )
    const signed = await api.staff(
      `/complaints/${complaintNo}/actions/sign`,
      {},
      token,
    )
    expect(signed.statusCode).toBe(200)
    return complaintNo
  }

  const smsTexts = (phone: string) =>
    sms.sent.filter((m) => m.phone === phone).map((m) => m.text)

  it('reminds the 承办人 and the heads by mail and SMS on the working day before and on the day, once each, recorded in the timeline and the audit log', async () => {
    // Tuesday before 国庆节: acceptance due 10-09 (9-30, then 10-08 and 10-09).
    const no = await signedComplaint('2026-09-29 09:00:00', tokens.zhao)

    // A holiday, then the working day before but before 08:00: nothing.
    clock = at('2026-10-05 09:00:00')
    expect(await runDueReminders(t.db, deps())).toBe(0)
    clock = at('2026-10-08 07:59:00')
    expect(await runDueReminders(t.db, deps())).toBe(0)

    // 08:00 of the working day before: one reminder to each of the two, however many runs
    // meet (two processes at once, then a restarted one).
    clock = at('2026-10-08 08:00:00')
    expect(await twoAtOnce(() => runDueReminders(t.db, deps()))).toBe(2)
    expect(await runDueReminders(t.db, deps())).toBe(0)

    // The mail goes through a real SMTP conversation; the SMS through the outbox.
    await deliverDueMail(t.db, { mail: mail(), now: () => clock })
    await deliverDueSms(t.db, { sms, now: () => clock })
    const reminder = await smtp.waitForMail((m) =>
      m.recipients.includes('zhao@example.gov.cn'),
    )
    expect(reminder.subject).toBe(
      `【期限提醒】投诉${no}受理期限2026-10-09（还剩1个工作日）`,
    )
    expect(reminder.text).toContain(
      `https://jd.example.gov.cn/admin/complaints/${no}`,
    )
    // No complainant's name or contact in a mail to a phone.
    expect(reminder.text).not.toContain('李明')
    expect(smsTexts('13800001111')).toEqual([
      expect.stringContaining(
        `期限提醒：投诉${no}受理期限2026-10-09，还剩1个工作日`,
      ),
    ])
    expect(smsTexts('13800002222')).toHaveLength(1)
    expect(smsTexts('13800003333')).toEqual([])
    expect(
      smtp.received.filter((m) => m.recipients.includes('qian@example.gov.cn')),
    ).toEqual([])

    // On the day itself, the second stage.
    clock = at('2026-10-09 08:30:00')
    expect(await runDueReminders(t.db, deps())).toBe(2)
    expect(await runDueReminders(t.db, deps())).toBe(0)
    await deliverDueSms(t.db, { sms, now: () => clock })
    expect(smsTexts('13800002222').at(-1)).toContain(
      '受理期限2026-10-09，今天到期',
    )

    const reminders = (await timelineOf(no)).filter(
      (e) => e.type === 'reminder',
    )
    expect(reminders.map((e) => e.reason).sort()).toEqual(
      [
        '已提醒赵科长：受理期限2026-10-09，还剩1个工作日（邮件、短信）',
        '已提醒孙处长：受理期限2026-10-09，还剩1个工作日（短信）',
        '已提醒赵科长：受理期限2026-10-09，今天到期（邮件、短信）',
        '已提醒孙处长：受理期限2026-10-09，今天到期（短信）',
      ].sort(),
    )
    const audit = await t.db
      .selectFrom('staffAudit')
      .select(['action', 'accountName'])
      .where('target', '=', no)
      .where('action', '=', 'complaint.reminder')
      .execute()
    expect(audit).toHaveLength(4)
    expect(audit.every((a) => a.accountName === '系统')).toBe(true)
  })

  it('follows each person’s chosen days and stops while a 补正 request stops the acceptance clock, reminding of the material due date instead', async () => {
    // 钱干事 signs: he is the 承办人, reminded 3 working days before and on the day.
    const no = await signedComplaint('2026-11-02 09:00:00', tokens.qian)
    await t.db
      .updateTable('staffAccount')
      .set({ reminderDays: '3,0' })
      .where('displayName', '=', '钱干事')
      .execute()
    // Acceptance due 11-05: on 11-02 three working days remain.
    expect(await runDueReminders(t.db, deps())).toBeGreaterThan(0)
    let mine = (await timelineOf(no)).filter(
      (e) => e.type === 'reminder' && e.reason.startsWith('已提醒钱干事'),
    )
    expect(mine.map((e) => e.reason)).toEqual([
      '已提醒钱干事：受理期限2026-11-05，还剩3个工作日（邮件、短信）',
    ])

    // Material asked for: the acceptance clock stands still; the material due date is reminded.
    clock = at('2026-11-03 10:00:00')
    const requested = await api.staff(
      `/complaints/${no}/actions/request-material`,
      { items: '请补充提交质疑答复函', workdays: 2 },
      tokens.qian,
    )
    expect(requested.statusCode).toBe(200)
    clock = at('2026-11-05 08:00:00')
    await runDueReminders(t.db, deps())
    mine = (await timelineOf(no)).filter(
      (e) => e.type === 'reminder' && e.reason.startsWith('已提醒钱干事'),
    )
    expect(mine.map((e) => e.reason)).toEqual([
      '已提醒钱干事：受理期限2026-11-05，还剩3个工作日（邮件、短信）',
      '已提醒钱干事：补正材料期限2026-11-05，今天到期（邮件、短信）',
    ])
  })

  it('sends each person with a confirmed address one morning digest a working day, of their cases (a head’s: all)', async () => {
    clock = at('2026-11-06 07:30:00')
    expect(await runMorningDigests(t.db, deps())).toBe(0)
    clock = at('2026-11-06 08:05:00')
    // 赵科长 and 钱干事 have an address; 孙处长 only a number.
    expect(await twoAtOnce(() => runMorningDigests(t.db, deps()))).toBe(2)
    expect(await runMorningDigests(t.db, deps())).toBe(0)
    await deliverDueMail(t.db, { mail: mail(), now: () => clock })
    const digest = await smtp.waitForMail(
      (m) =>
        m.recipients.includes('qian@example.gov.cn') &&
        (m.subject ?? '').startsWith('【每日待办】'),
    )
    expect(digest.subject).toMatch(/^【每日待办】11月6日：1件投诉在办/)
    // Saturday: none.
    clock = at('2026-11-07 09:00:00')
    expect(await runMorningDigests(t.db, deps())).toBe(0)
    expect(await runReminderPass(t.db, deps())).toEqual({
      reminders: 0,
      digests: 0,
    })
    // The job's pass on Monday: both deadlines have passed, so digests only.
    clock = at('2026-11-09 08:10:00')
    expect(await runReminderPass(t.db, deps())).toEqual({
      reminders: 0,
      digests: 2,
    })
  })
})
