import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { ComplaintFilingSchema } from '#common/schemas/complaint/complaint-filing.ts'
import { createLogSmsSender } from '#server/shared/sms-sender.ts'
import { deliverDueSms } from './sms-outbox.ts'
import {
  calendarCoveringUpTo,
  storeTestFile,
  validatedFiling,
  validFiling,
} from '#tests/complaint-test-data.ts'
import { type FileComplaintDeps, fileComplaint } from './file-complaint.ts'
import { isQueryCodeMatch } from '#server/complaints/query-code.ts'

const silentLog = { info() {}, warn() {} }

/**
 * Files an application as the submission does: validated by its schema (refused with the first
 * problem's message), then handed to fileComplaint.
 */
async function file(
  db: Parameters<typeof fileComplaint>[0],
  deps: FileComplaintDeps,
  input: unknown,
) {
  const parsed = ComplaintFilingSchema.safeParse(input)
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message)
  return fileComplaint(db, deps, parsed.data)
}

describe.each(testEngines)('fileComplaint on %s', (engine) => {
  let t: TestDatabase
  beforeAll(async () => {
    t = await createTestDatabase(engine)
  })
  afterAll(() => t.destroy())

  const counts = async () => ({
    complaints: Number(
      (
        await t.db
          .selectFrom('complaint')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    events: Number(
      (
        await t.db
          .selectFrom('complaintEvent')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  })

  it('stores a submitted complaint with respondents, objection, files and a submit event, and texts the number and query code', async () => {
    const sms = createLogSmsSender(silentLog)
    const now = new Date('2026-09-29T02:00:00Z')
    const result = await file(
      t.db,
      { now: () => now },
      await validFiling(t.db, t.storage),
    )
    expect(result.complaintNo).toMatch(/^20260929\d{4}$/)
    expect(result.queryCode).toMatch(/^[A-HJKMNP-Z2-9]{12}$/)
    const row = await t.db
      .selectFrom('complaint')
      .selectAll()
      .where('complaintNo', '=', result.complaintNo)
      .executeTakeFirstOrThrow()
    expect(row.state).toBe('submitted')
    expect(row.queryCodeHash).not.toContain(result.queryCode)
    expect(isQueryCodeMatch(result.queryCode, row.queryCodeHash)).toBe(true)
    expect(row.submittedAt).toBe('2026-09-29 10:00:00')
    const respondents = await t.db
      .selectFrom('complaintRespondent')
      .select(['role', 'name'])
      .where('complaintId', '=', row.id)
      .orderBy('sort')
      .execute()
    expect(respondents).toEqual([
      { role: 'tenderer', name: '阿拉尔市水利局' },
      { role: 'committee', name: '本项目评标委员会' },
    ])
    const objection = await t.db
      .selectFrom('complaintObjection')
      .selectAll()
      .where('complaintId', '=', row.id)
      .executeTakeFirstOrThrow()
    expect(objection.replyStatus).toBe('replied')
    const files = await t.db
      .selectFrom('complaintFile')
      .select('purpose')
      .where('complaintId', '=', row.id)
      .execute()
    expect(files.map((f) => f.purpose).sort()).toEqual([
      'evidence',
      'objection',
    ])
    const events = await t.db
      .selectFrom('complaintEvent')
      .selectAll()
      .where('complaintId', '=', row.id)
      .execute()
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ type: 'submit', toState: 'submitted' })
    // The SMS was queued in the filing's transaction; the outbox job sends it.
    await deliverDueSms(t.db, { sms, now: () => now })
    expect(sms.sent.at(-1)?.text).toContain(result.complaintNo)
    expect(sms.sent.at(-1)?.text).toContain(result.queryCode)
  })

  it('starts the acceptance clock at submission: filed on 2026-09-29, due 2026-10-09 past 国庆节, accepted by lapse at 10-10 00:00', async () => {
    const { complaintNo } = await fileComplaint(
      t.db,
      { now: () => new Date('2026-09-29T08:00:00Z') },
      await validatedFiling(t.db, t.storage),
    )
    const row = await t.db
      .selectFrom('complaint')
      .selectAll()
      .where('complaintNo', '=', complaintNo)
      .executeTakeFirstOrThrow()
    // 条例 art. 61: 9-30, then 10-01..10-07 are holidays, 10-08 and 10-09.
    expect(row).toMatchObject({
      state: 'submitted',
      receivedAt: null,
      acceptanceDueDate: '2026-10-09',
      autoAcceptAt: '2026-10-10 00:00:00',
    })
  })

  it('takes a complaint whose deadline the holiday data cannot count yet, without the deadline, and says so in the log', async () => {
    const warnings: string[] = []
    const { complaintNo } = await fileComplaint(
      t.db,
      {
        now: () => new Date('2026-12-30T02:00:00Z'),
        calendar: calendarCoveringUpTo(2025),
        log: { warn: (_fields, message) => warnings.push(message) },
      },
      await validatedFiling(t.db, t.storage),
    )
    const row = await t.db
      .selectFrom('complaint')
      .select(['state', 'acceptanceDueDate', 'autoAcceptAt'])
      .where('complaintNo', '=', complaintNo)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({
      state: 'submitted',
      acceptanceDueDate: null,
      autoAcceptAt: null,
    })
    expect(warnings).toEqual(['acceptance deadline not counted at filing'])
  })

  it('keeps the timeline append-only: the database refuses to change or delete an event', async () => {
    await file(t.db, {}, await validFiling(t.db, t.storage))
    await expect(
      t.db.updateTable('complaintEvent').set({ reason: '改写' }).execute(),
    ).rejects.toThrow(/append-only/)
    await expect(t.db.deleteFrom('complaintEvent').execute()).rejects.toThrow(
      /append-only/,
    )
  })

  it('gives unique, consecutive numbers to parallel submissions of one day', async () => {
    const now = () => new Date('2026-10-08T03:00:00Z')
    const filings = await Promise.all(
      Array.from({ length: 12 }, () => validFiling(t.db, t.storage)),
    )
    const results = await Promise.all(
      filings.map((filing) => file(t.db, { now }, filing)),
    )
    const numbers = results.map((r) => r.complaintNo).sort()
    expect(numbers).toEqual(
      Array.from(
        { length: 12 },
        (_, i) => `20261008${String(i + 1).padStart(4, '0')}`,
      ),
    )
    expect(new Set(results.map((r) => r.queryCode)).size).toBe(12)
  })

  /** The facts as stored after filing them with otherwise valid fields. */
  async function storedFacts(factsHtml: string) {
    const filing = await validFiling(t.db, t.storage)
    filing.factsHtml = factsHtml
    const { complaintNo } = await file(t.db, {}, filing)
    const row = await t.db
      .selectFrom('complaint')
      .select('factsHtml')
      .where('complaintNo', '=', complaintNo)
      .executeTakeFirstOrThrow()
    return row.factsHtml
  }

  it('keeps the editor font sizes of the facts but no other style', async () => {
    expect(
      await storedFacts(
        '<p><span style="font-size: 18pt; color: red">评标委员会未按招标文件规定的评标标准和方法评审投标文件。</span></p><p style="font-size: 7px; background: url(https://tracker.example/x.png)">该项业绩证明材料齐全。</p>',
      ),
    ).toBe(
      '<p><span style="font-size:18pt">评标委员会未按招标文件规定的评标标准和方法评审投标文件。</span></p><p>该项业绩证明材料齐全。</p>',
    )
  })

  // A picture from another site is refused by the schema (the refusals below).
  it('keeps the facts text but drops styles, links and pictures not stored here', async () => {
    expect(
      await storedFacts(
        '<p style="color:red">评标委员会未按招标文件规定的评标标准和方法评审投标文件。</p><img src="/static/x.png"><a href="https://example.com/">链接</a>',
      ),
    ).toBe(
      '<p>评标委员会未按招标文件规定的评标标准和方法评审投标文件。</p>链接',
    )
  })

  const refusals: [string, (f: Record<string, unknown>) => void, RegExp][] = [
    ['a missing project', (f) => delete f.project, /^请选择投诉的项目$/],
    ['no respondent', (f) => (f.respondents = []), /请至少填写一个被投诉人/],
    [
      'oversized facts',
      (f) => (f.factsHtml = `<p>${'超'.repeat(60_000)}</p>`),
      /投诉事项及事实依据内容过长/,
    ],
    [
      'facts showing a picture from another site',
      (f) =>
        (f.factsHtml =
          '<p>评标委员会未按招标文件规定的评标标准和方法评审投标文件。</p><img src="https://tracker.example/x.png">'),
      /^投诉事项及事实依据中的图片须先上传到本站（不能引用外部网址的图片）：https:\/\/tracker\.example\/x\.png$/,
    ],
    [
      'facts with a script',
      (f) =>
        (f.factsHtml =
          '<p>评标委员会未按招标文件规定的评标标准和方法评审投标文件。</p><script>alert(1)</script>'),
      /含有脚本等不安全的网页内容/,
    ],
    [
      'facts with an event handler',
      (f) =>
        (f.factsHtml =
          '<p onclick="steal()">评标委员会未按招标文件规定的评标标准和方法评审投标文件。</p>'),
      /含有脚本等不安全的网页内容/,
    ],
    [
      'facts that are only markup',
      (f) =>
        (f.factsHtml = `<p><strong>${'&nbsp;'.repeat(30)}</strong>太短</p>`),
      /不能少于20个字/,
    ],
    [
      'an evaluation complaint without objection',
      (f) => delete f.objection,
      /应先向招标人提出异议/,
    ],
    [
      'a file id that was never uploaded',
      (f) => ((f.evidenceFileIds as string[])[0] = 'AAAAAAAAAAAAAAAA'),
      /附件不存在/,
    ],
    [
      'a bad credit code',
      (f) => ((f.complainant as { idNumber: string }).idNumber = '123'),
      /统一社会信用代码/,
    ],
  ]
  it.each(refusals)(
    'refuses %s with a clear message and stores nothing',
    async (_name, spoil, message) => {
      const filing = (await validFiling(t.db, t.storage)) as Record<
        string,
        unknown
      >
      spoil(filing)
      const before = await counts()
      await expect(file(t.db, {}, filing)).rejects.toThrow(message)
      expect(await counts()).toEqual(before)
    },
  )

  it('files a complaint of type 其他 without an objection', async () => {
    const filing = await validFiling(t.db, t.storage)
    filing.complaintType = 'other'
    delete filing.objection
    filing.evidenceFileIds = [await storeTestFile(t.db, t.storage)]
    const result = await file(t.db, {}, filing)
    expect(result.complaintNo).toMatch(/^\d{12}$/)
  })
})
