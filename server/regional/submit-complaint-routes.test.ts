import { randomUUID } from 'node:crypto'

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  MSG_CLIENT_KEY_CONTENT_DIFFERS,
  MSG_SMS_CODE_EXPIRED,
  MSG_SMS_CODE_WRONG,
} from '#common/messages.ts'
import { SEAL_REFUSED_STATE } from '#common/constants/protocol.ts'
import { validFiling } from '#tests/complaint-test-data.ts'
import { createBuiltinSigningProvider } from '#server/signing/builtin-provider.ts'
import { sealStoredFile } from '#server/signing/signing-service.ts'
import { createLogSmsSender } from '#server/shared/sms-sender.ts'
import { solvedCaptcha } from '#tests/captcha-helper.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { aProject } from '#tests/filing-fixtures.ts'
import { regionalRequest } from '#tests/signed-requests.ts'
import { buildTestApp } from '#tests/test-app.ts'
import { MSG_FILES_MISSING } from '#server/complaints/filing/complaint-form.ts'
import {
  MSG_FORM_ALREADY_FILED,
  MSG_FORM_CHANGED,
  MSG_FORM_NOT_SEALED,
  MSG_FORM_UNKNOWN,
  msgAcknowledgementForgotten,
  msgFormSealedByAnother,
} from '#server/complaints/filing/submit-complaint.ts'
import {
  ACKNOWLEDGEMENT_KEEP_MS,
  clientKeyHash,
  forgetExpiredAcknowledgements,
  openAcknowledgement,
} from '#server/complaints/filing/filing-acknowledgement.ts'

import { DEPARTMENT_SEAL_NAME } from '#common/constants/site.ts'
import { isValidAndUnmodified, pdfsig } from '#server/signing/pdfsig.ts'
import { pdfText } from '#tests/pdf-text.ts'

const SUBMIT = '/xjApi/api/xjslts/zxtstj'

describe.each(testEngines)('submitting a complaint on %s', (engine) => {
  let test: TestDatabase
  let app: FastifyInstance
  const sms = createLogSmsSender({ info() {} })
  let address = 0
  let phoneSerial = 0

  beforeAll(async () => {
    test = await createTestDatabase(engine)
    app = await buildTestApp(test, {
      config: { testHooks: true },
      sms,
    })
  })
  afterAll(async () => {
    await app.close()
    await test.destroy()
  })

  const from = <T extends object>(request: T) => ({
    ...request,
    remoteAddress: `10.7.${engine.length}.${++address}`,
  })
  const postTo = (target: FastifyInstance, url: string, json: unknown) =>
    target.inject(from(regionalRequest('POST', url, { json })))
  const post = (url: string, json: unknown) => postTo(app, url, json)

  /** A draft with its own phone, uploaded files, a listed project and its client key. */
  async function aDraft() {
    const { formFileId: _form, ...filing } = await validFiling(
      test.db,
      test.storage,
    )
    const phone = `137${String(Date.now() % 1e5).padStart(5, '0')}${String(++phoneSerial).padStart(3, '0')}`
    return {
      ...filing,
      project: await aProject(test),
      contact: { ...filing.contact, phone },
      clientKey: randomUUID(),
    }
  }

  async function generateForm(draft: object): Promise<string> {
    const response = await post('/xjApi/api/xjslts/complaint/form', draft)
    expect(response.statusCode).toBe(200)
    return response.json().Data.id as string
  }

  /** Seals a generated form as a CA would for the signer named (no session: any signer). */
  function seal(formId: string, name: string, idNumber?: string) {
    return sealStoredFile(
      {
        db: test.db,
        storage: test.storage,
        provider: createBuiltinSigningProvider(test.dataDir),
      },
      formId,
      { name, kind: 'organisation', ...(idNumber ? { idNumber } : {}) },
      '投诉专用章',
    )
  }

  async function smsCodeFor(phone: string, target = app): Promise<string> {
    const response = await postTo(target, '/xjApi/api/xjslts/sms/code', {
      phone,
      ...(await solvedCaptcha(target)),
    })
    expect(response.statusCode).toBe(200)
    return /为(\d{6})/.exec(sms.sent.at(-1)!.text)![1]!
  }

  /** A draft, its form sealed by the complainant, and a fresh SMS code. */
  async function ready() {
    const draft = await aDraft()
    const formId = await generateForm(draft)
    const sealed = await seal(formId, draft.complainant.name)
    const smsCode = await smsCodeFor(draft.contact.phone)
    return { draft, formId, sealedId: sealed.id, smsCode }
  }

  const tables = [
    'complaint',
    'complaintEvent',
    'complaintRespondent',
    'complaintFile',
    'complaintSubmission',
    'smsOutbox',
    'file',
  ] as const
  const counts = async () =>
    Object.fromEntries(
      await Promise.all(
        tables.map(async (table) => [
          table,
          Number(
            (
              await test.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ]),
      ),
    )

  it('files the sealed complaint and answers and texts its number and query code', async () => {
    const { draft, sealedId, smsCode } = await ready()
    const response = await post(SUBMIT, {
      ...draft,
      formFileId: sealedId,
      smsCode,
    })
    expect(response.statusCode).toBe(200)
    const { complaintNo, queryCode } = response.json().Data
    expect(complaintNo).toMatch(/^\d{12}$/)
    expect(queryCode).toMatch(/^[A-Z2-9]{12}$/)
    const stored = await test.db
      .selectFrom('complaint')
      .select(['state', 'formFileId', 'complainantName', 'contactPhone'])
      .where('complaintNo', '=', complaintNo)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({
      state: 'submitted',
      formFileId: sealedId,
      complainantName: draft.complainant.name,
      contactPhone: draft.contact.phone,
    })
    // The SMS goes out from the outbox once the filing is committed.
    await app.smsOutbox.settled()
    const text = sms.sent.at(-1)!
    expect(text.phone).toBe(draft.contact.phone)
    expect(text.text).toContain(complaintNo)
    expect(text.text).toContain(queryCode)

    // The sealed 回执, which the browser that filed downloads at once: the number, the time
    // received and the digest of the sealed letter as stored.
    const { receipt } = response.json().Data
    expect(receipt.fileName).toBe(`投诉回执（${complaintNo}）.pdf`)
    const cookie = String(response.headers['set-cookie']).split(';')[0]!
    const pdf = await app.inject({
      method: 'GET',
      url: receipt.url,
      headers: { cookie },
    })
    expect(pdf.statusCode).toBe(200)
    expect(
      (await app.inject({ method: 'GET', url: receipt.url })).statusCode,
    ).toBe(404)
    const report = await pdfsig(test.dataDir, pdf.rawPayload)
    expect(isValidAndUnmodified(report)).toBe(true)
    expect(report).toContain(DEPARTMENT_SEAL_NAME)
    const letter = await test.db
      .selectFrom('file')
      .select('sha256')
      .where('id', '=', sealedId)
      .executeTakeFirstOrThrow()
    const words = (await pdfText(pdf.rawPayload)).replace(/\s+/g, '')
    expect(words).toContain(`投诉编号：${complaintNo}`)
    expect(words).toContain(letter.sha256)
    const { submittedAt } = await test.db
      .selectFrom('complaint')
      .select('submittedAt')
      .where('complaintNo', '=', complaintNo)
      .executeTakeFirstOrThrow()
    expect(words).toContain(`收到时间：${submittedAt.replace(' ', '')}`)
  })

  it('accepts the original form id and files the sealed copy', async () => {
    const { draft, formId, sealedId, smsCode } = await ready()
    const response = await post(SUBMIT, {
      ...draft,
      formFileId: formId,
      smsCode,
    })
    expect(response.statusCode).toBe(200)
    const stored = await test.db
      .selectFrom('complaint')
      .select('formFileId')
      .where('complaintNo', '=', response.json().Data.complaintNo)
      .executeTakeFirstOrThrow()
    expect(stored.formFileId).toBe(sealedId)
  })

  it('files a letter sealed again by the complainant (重新签章) after a seal by someone else', async () => {
    const draft = await aDraft()
    const formId = await generateForm(draft)
    const wrong = await seal(formId, '另一家建设有限公司')
    const smsCode = await smsCodeFor(draft.contact.phone)
    const refused = await post(SUBMIT, {
      ...draft,
      formFileId: wrong.id,
      smsCode,
    })
    expect(refused.json().State).toBe(SEAL_REFUSED_STATE)
    const right = await seal(formId, draft.complainant.name)
    // Named by the original or by the new copy, the complainant's seal is filed.
    const response = await post(SUBMIT, {
      ...draft,
      formFileId: formId,
      smsCode,
    })
    expect(response.statusCode).toBe(200)
    const stored = await test.db
      .selectFrom('complaint')
      .select('formFileId')
      .where('complaintNo', '=', response.json().Data.complaintNo)
      .executeTakeFirstOrThrow()
    expect(stored.formFileId).toBe(right.id)
  })

  it('gives a double click the same answer and files once', async () => {
    const { draft, sealedId, smsCode } = await ready()
    const body = { ...draft, formFileId: sealedId, smsCode }
    const first = await post(SUBMIT, body)
    const before = await counts()
    const second = await post(SUBMIT, body)
    expect(second.statusCode).toBe(200)
    expect(second.json()).toEqual(first.json())
    expect(await counts()).toEqual(before)
  })

  type Prepared = Awaited<ReturnType<typeof ready>>
  /** A name, the request made of a prepared filing, the message, and the State if not 400. */
  type Case = [
    string,
    (prepared: Prepared) => Promise<object> | object,
    string,
    number?,
  ]
  const refusals: Case[] = [
    [
      'a missing contact',
      ({ draft, sealedId, smsCode }) => ({
        ...draft,
        contact: undefined,
        formFileId: sealedId,
        smsCode,
      }),
      '请填写联系人信息',
    ],
    [
      'oversized facts',
      ({ draft, sealedId, smsCode }) => ({
        ...draft,
        factsHtml: `<p>${'事实'.repeat(30_000)}</p>`,
        formFileId: sealedId,
        smsCode,
      }),
      '投诉事项及事实依据内容过长',
    ],
    [
      'a credit code with a wrong check character',
      ({ draft, sealedId, smsCode }) => ({
        ...draft,
        complainant: { ...draft.complainant, idNumber: '91650100MA77ABCD1X' },
        formFileId: sealedId,
        smsCode,
      }),
      '统一社会信用代码的最后一位校验码应为 P，请核对是否有输错的字符',
    ],
    [
      'an ID card number with a wrong check digit',
      ({ draft, sealedId, smsCode }) => ({
        ...draft,
        complainant: {
          ...draft.complainant,
          type: 'natural_person',
          idNumber: '650102199001011234',
        },
        formFileId: sealedId,
        smsCode,
      }),
      '身份证号码的最后一位校验码应为 9，请核对是否有输错的数字',
    ],
    [
      'facts changed after the form was sealed (a sentence added)',
      ({ draft, sealedId, smsCode }) => ({
        ...draft,
        factsHtml: `${draft.factsHtml}<p>另补充一项事实：开标记录未经投标人代表签字确认。</p>`,
        formFileId: sealedId,
        smsCode,
      }),
      MSG_FORM_CHANGED,
    ],
    [
      'a wrong SMS code',
      ({ draft, sealedId, smsCode }) => ({
        ...draft,
        formFileId: sealedId,
        smsCode: smsCode === '000000' ? '111111' : '000000',
      }),
      MSG_SMS_CODE_WRONG,
    ],
    [
      'a contact phone changed after sealing',
      ({ draft, sealedId, smsCode }) => ({
        ...draft,
        contact: { ...draft.contact, phone: '13500000000' },
        formFileId: sealedId,
        smsCode,
      }),
      MSG_FORM_CHANGED,
    ],
    [
      'a form that was never generated here',
      async ({ draft, smsCode }) => ({
        ...draft,
        formFileId: (await validFiling(test.db, test.storage)).formFileId,
        smsCode,
      }),
      MSG_FORM_UNKNOWN,
    ],
    [
      'a form not sealed yet',
      async ({ draft, smsCode }) => ({
        ...draft,
        formFileId: await generateForm(draft),
        smsCode,
      }),
      MSG_FORM_NOT_SEALED,
      SEAL_REFUSED_STATE,
    ],
    [
      'a form sealed by someone else',
      async ({ draft, smsCode }) => {
        const formId = await generateForm(draft)
        const sealed = await seal(formId, '另一家建设有限公司')
        return { ...draft, formFileId: sealed.id, smsCode }
      },
      msgFormSealedByAnother(
        '电子印章的名称“另一家建设有限公司”与投诉书上的投诉人“新疆天山水利建设有限公司”不一致',
      ),
      SEAL_REFUSED_STATE,
    ],
    [
      'a form sealed under the complainant’s name with another credit code',
      async ({ draft, smsCode }) => {
        const formId = await generateForm(draft)
        await seal(formId, draft.complainant.name, '91650100MA7XY89999')
        // The original named: its newest seal is the one judged.
        return { ...draft, formFileId: formId, smsCode }
      },
      msgFormSealedByAnother(
        '电子印章的统一社会信用代码（9165**********9999）与投诉书上的（9165**********1234）不一致',
      ),
      SEAL_REFUSED_STATE,
    ],
  ]

  it.each(refusals)(
    'refuses %s with its message and stores nothing',
    async (_name, change, msg, state = 400) => {
      const prepared = await ready()
      const body = await change(prepared)
      const before = await counts()
      const response = await post(SUBMIT, body)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        Success: false,
        State: state,
        Msg: msg,
      })
      expect(await counts()).toEqual(before)
      // The code was not used up by the refusal: the right request still goes through.
      const honest = await post(SUBMIT, {
        ...prepared.draft,
        formFileId: prepared.sealedId,
        smsCode: prepared.smsCode,
      })
      expect(honest.statusCode).toBe(200)
    },
  )

  it('refuses an expired SMS code and a deleted evidence file, storing nothing', async () => {
    const prepared = await ready()
    await test.db
      .deleteFrom('file')
      .where('id', '=', prepared.draft.evidenceFileIds![0]!)
      .execute()
    const before = await counts()
    const missing = await post(SUBMIT, {
      ...prepared.draft,
      formFileId: prepared.sealedId,
      smsCode: prepared.smsCode,
    })
    expect(missing.json()).toEqual({
      Success: false,
      State: 400,
      Msg: MSG_FILES_MISSING,
    })
    expect(await counts()).toEqual(before)

    const other = await ready()
    // Five wrong tries throw the code away, as its expiry does.
    for (let i = 0; i < 5; i++)
      await post(SUBMIT, {
        ...other.draft,
        formFileId: other.sealedId,
        smsCode: other.smsCode === '000000' ? '111111' : '000000',
      })
    const expired = await post(SUBMIT, {
      ...other.draft,
      formFileId: other.sealedId,
      smsCode: other.smsCode,
    })
    expect(expired.json().Msg).toBe(MSG_SMS_CODE_EXPIRED)
  })

  it('refuses a replayed request (same nonce) at the signing layer', async () => {
    const { draft, sealedId, smsCode } = await ready()
    const request = from(
      regionalRequest('POST', SUBMIT, {
        json: { ...draft, formFileId: sealedId, smsCode },
      }),
    )
    expect((await app.inject(request)).statusCode).toBe(200)
    const before = await counts()
    const replay = await app.inject(request)
    expect(replay.statusCode).toBe(401)
    expect(await counts()).toEqual(before)
  })
  /** The client key's submission record and the complaint's outbox messages. */
  async function keptFor(clientKey: string, complaintNo: string) {
    const submission = await test.db
      .selectFrom('complaintSubmission')
      .selectAll()
      .where('clientKeyHash', '=', clientKeyHash(clientKey))
      .executeTakeFirstOrThrow()
    const messages = await test.db
      .selectFrom('smsOutbox')
      .innerJoin('complaint', 'complaint.id', 'smsOutbox.complaintId')
      .select([
        'smsOutbox.purpose',
        'smsOutbox.phone',
        'smsOutbox.text',
        'smsOutbox.state',
        'smsOutbox.attempts',
      ])
      .where('complaint.complaintNo', '=', complaintNo)
      .execute()
    return { submission, messages }
  }

  it('answers a resend with the same client key with the same number and query code after a restart, the SMS code used up, filing and texting once', async () => {
    const { draft, sealedId, smsCode } = await ready()
    const body = { ...draft, formFileId: sealedId, smsCode }
    const first = await post(SUBMIT, body)
    expect(first.statusCode).toBe(200)
    const { complaintNo, queryCode } = first.json().Data
    await app.smsOutbox.settled()
    const before = await counts()
    // Another process on the same database: its store has neither the SMS code nor a lock.
    const restarted = await buildTestApp(test, {
      config: { testHooks: true },
      sms,
    })
    try {
      const again = await postTo(restarted, SUBMIT, body)
      expect(again.statusCode).toBe(200)
      expect(again.json()).toEqual(first.json())
      await restarted.smsOutbox.settled()
    } finally {
      await restarted.close()
    }
    expect(await counts()).toEqual(before)
    const { submission, messages } = await keptFor(draft.clientKey, complaintNo)
    expect(messages).toEqual([
      {
        purpose: 'complaint-filed',
        phone: `${draft.contact.phone.slice(0, 3)}****${draft.contact.phone.slice(7)}`,
        text: null,
        state: 'sent',
        attempts: 1,
      },
    ])
    expect(
      sms.sent.filter((message) => message.text.includes(complaintNo)),
    ).toHaveLength(1)
    // Neither the query code nor the client key can be read from the database: the code is
    // sealed with a key drawn from the client key, which only the browser has.
    const row = JSON.stringify(submission)
    expect(row).not.toContain(queryCode)
    expect(row).not.toContain(draft.clientKey)
    expect(
      openAcknowledgement(
        draft.clientKey,
        complaintNo,
        submission.acknowledgement!,
      ),
    ).toBe(queryCode)
    expect(
      openAcknowledgement(
        randomUUID(),
        complaintNo,
        submission.acknowledgement!,
      ),
    ).toBeNull()
  })

  it('files once when two processes get the same client key at the same moment, and answers both alike', async () => {
    const { draft, sealedId, smsCode: codeHere } = await ready()
    const other = await buildTestApp(test, {
      config: { testHooks: true },
      sms,
    })
    try {
      // Each process has its own store (no Redis), hence its own SMS code and lock: only the
      // database's unique client key keeps the second filing out.
      const codeThere = await smsCodeFor(draft.contact.phone, other)
      const before = await counts()
      const [here, there] = await Promise.all([
        post(SUBMIT, { ...draft, formFileId: sealedId, smsCode: codeHere }),
        postTo(other, SUBMIT, {
          ...draft,
          formFileId: sealedId,
          smsCode: codeThere,
        }),
      ])
      expect(here.statusCode).toBe(200)
      expect(there.json()).toEqual(here.json())
      const after = await counts()
      expect(after.complaint).toBe(before.complaint + 1)
      expect(after.complaintSubmission).toBe(before.complaintSubmission + 1)
      expect(after.smsOutbox).toBe(before.smsOutbox + 1)
    } finally {
      await other.close()
    }
  })

  it('refuses the same client key with other content, storing nothing', async () => {
    const { draft, sealedId, smsCode } = await ready()
    const first = await post(SUBMIT, {
      ...draft,
      formFileId: sealedId,
      smsCode,
    })
    expect(first.statusCode).toBe(200)
    const before = await counts()
    const changed = await post(SUBMIT, {
      ...draft,
      requests: `${draft.requests}并赔偿损失。`,
      formFileId: sealedId,
      smsCode,
    })
    expect(changed.statusCode).toBe(409)
    expect(changed.json()).toEqual({
      Success: false,
      State: 409,
      Msg: MSG_CLIENT_KEY_CONTENT_DIFFERS,
    })
    expect(await counts()).toEqual(before)
  })

  it('keeps 该投诉书已提交 for another client key on a filed form, whatever its SMS code', async () => {
    const { draft, sealedId, smsCode } = await ready()
    const first = await post(SUBMIT, {
      ...draft,
      formFileId: sealedId,
      smsCode,
    })
    expect(first.statusCode).toBe(200)
    const before = await counts()
    const second = await post(SUBMIT, {
      ...draft,
      clientKey: randomUUID(),
      formFileId: sealedId,
      smsCode,
    })
    expect(second.json()).toEqual({
      Success: false,
      State: 409,
      Msg: MSG_FORM_ALREADY_FILED,
    })
    expect(await counts()).toEqual(before)
  })

  it('forgets the query code kept for resends after seven days; a resend then gets the number and where the code went', async () => {
    const { draft, sealedId, smsCode } = await ready()
    const body = { ...draft, formFileId: sealedId, smsCode }
    const { complaintNo } = (await post(SUBMIT, body)).json().Data
    const { submission } = await keptFor(draft.clientKey, complaintNo)
    // Kept until seven days after submission, not a second longer.
    const submitted = new Date(
      `${submission.submittedAt.replace(' ', 'T')}+08:00`,
    )
    await forgetExpiredAcknowledgements(
      test.db,
      new Date(submitted.getTime() + ACKNOWLEDGEMENT_KEEP_MS - 1000),
    )
    expect((await post(SUBMIT, body)).statusCode).toBe(200)
    await forgetExpiredAcknowledgements(
      test.db,
      new Date(submitted.getTime() + ACKNOWLEDGEMENT_KEEP_MS),
    )
    expect(
      (await keptFor(draft.clientKey, complaintNo)).submission.acknowledgement,
    ).toBeNull()
    const before = await counts()
    const late = await post(SUBMIT, body)
    expect(late.json()).toEqual({
      Success: false,
      State: 409,
      Msg: msgAcknowledgementForgotten(complaintNo, submission.submittedAt),
    })
    expect(late.json().Msg).toContain(complaintNo)
    expect(await counts()).toEqual(before)
  })

  it.each([
    ['a missing client key', undefined, '缺少提交标识，请刷新页面后重新提交'],
    [
      'an upper-case client key',
      randomUUID().toUpperCase(),
      '提交标识无效，请刷新页面后重新提交',
    ],
    [
      'a client key that is no UUID',
      'draft-1',
      '提交标识无效，请刷新页面后重新提交',
    ],
  ])('refuses %s with its message', async (_name, clientKey, msg) => {
    const { draft, sealedId, smsCode } = await ready()
    const before = await counts()
    const response = await post(SUBMIT, {
      ...draft,
      clientKey,
      formFileId: sealedId,
      smsCode,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ Success: false, State: 400, Msg: msg })
    expect(await counts()).toEqual(before)
  })
})
