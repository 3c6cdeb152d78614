import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { FileRecordSchema } from '#common/schemas/file-record.ts'
import { validFiling } from '#tests/complaint-test-data.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { aProject } from '#tests/filing-fixtures.ts'
import { accessCookieOf } from '#tests/file-access-cookie.ts'
import { regionalRequest } from '#tests/signed-requests.ts'
import { buildTestApp } from '#tests/test-app.ts'
import {
  MSG_FILES_MISSING,
  MSG_PROJECT_UNKNOWN,
} from '#server/complaints/filing/complaint-form.ts'

const run = promisify(execFile)
const url = '/xjApi/api/xjslts/complaint/form'

/** The text of a PDF as poppler's pdftotext reads it, without layout spaces. */
async function pdfText(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'form-'))
  try {
    const file = path.join(dir, 'form.pdf')
    await writeFile(file, bytes)
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'])
    return stdout.replace(/[ \t]+/g, '')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

describe.each(testEngines)('the complaint form PDF on %s', (engine) => {
  let test: TestDatabase
  let app: FastifyInstance
  let address = 0
  let draft: Record<string, unknown>

  beforeAll(async () => {
    test = await createTestDatabase(engine)
    app = await buildTestApp(test)
    const { formFileId: _form, ...rest } = await validFiling(
      test.db,
      test.storage,
    )
    draft = { ...rest, project: await aProject(test) }
  })
  afterAll(async () => {
    await app.close()
    await test.destroy()
  })

  const post = (body: unknown) =>
    app.inject({
      ...regionalRequest('POST', url, { json: body }),
      remoteAddress: `10.6.${engine.length}.${++address}`,
    })
  const counts = async () => ({
    files: Number(
      (
        await test.db
          .selectFrom('file')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    forms: Number(
      (
        await test.db
          .selectFrom('complaintForm')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  })

  it('generates 投诉书.pdf whose Chinese text extracts as written', async () => {
    const response = await post({
      ...draft,
      factsHtml:
        '<p>评标委员会对我公司投标文件中的<strong>类似工程业绩</strong>未予认定。</p><p>该业绩已附合同及竣工验收证书，符合招标文件第三章的要求。</p>',
    })
    expect(response.statusCode).toBe(200)
    const record = FileRecordSchema.parse(response.json().Data)
    expect(record).toMatchObject({ name: '投诉书.pdf', type: 1 })
    // The browser that generated it reads it (file-access.ts).
    const download = await app.inject({
      url: record.url,
      headers: { cookie: accessCookieOf(response) },
    })
    expect(download.headers['content-type']).toBe('application/pdf')
    const text = await pdfText(download.rawPayload)
    for (const expected of [
      '投诉书',
      '一、投诉人',
      '新疆天山水利建设有限公司',
      '统一社会信用代码：91650100MA77XF1234',
      '法定代表人：王建国',
      '联系电话：13899887766',
      '二、被投诉人',
      '阿拉尔市水利局',
      '本项目评标委员会',
      '评标委员会',
      '三、投诉事项',
      (draft.project as { name: string }).name,
      '投诉类型：评标结果',
      '四、异议情况',
      '提出异议日期：2026年11月10日',
      '已答复（2026年11月13日）',
      '异议材料：异议书.pdf',
      '五、事实与理由',
      '评标委员会对我公司投标文件中的类似工程业绩未予认定。',
      '该业绩已附合同及竣工验收证书，符合招标文件第三章的要求。',
      '六、投诉请求',
      '请求责令重新评审我公司类似工程业绩并依法处理。',
      '七、证据清单',
      '1.证据一.pdf',
      '此致',
      '投诉人（盖章）：新疆天山水利建设有限公司',
    ])
      expect(text.replace(/\n/g, '')).toContain(expected)
    expect(text).toMatch(/第1页，共\d页/)
    expect(text).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/)
  })

  const refusals: [string, () => unknown, string][] = [
    [
      'a draft without a complainant',
      () => ({ ...draft, complainant: undefined }),
      '请填写投诉人信息',
    ],
    [
      'a company whose credit code has a wrong check character',
      () => ({
        ...draft,
        complainant: {
          ...(draft.complainant as object),
          idNumber: '91650100MA77ABCD1X',
        },
      }),
      '统一社会信用代码的最后一位校验码应为 P，请核对是否有输错的字符',
    ],
    [
      'a person whose ID card number has a wrong check digit',
      () => ({
        ...draft,
        complainant: {
          type: 'natural_person',
          role: 'bidder',
          name: '买买提·艾力',
          idNumber: '650102199001011234',
          address: '乌鲁木齐市天山区解放北路88号',
        },
      }),
      '身份证号码的最后一位校验码应为 9，请核对是否有输错的数字',
    ],
    [
      'a draft without respondents',
      () => ({ ...draft, respondents: [] }),
      '请至少填写一个被投诉人',
    ],
    [
      'facts longer than the limit',
      () => ({ ...draft, factsHtml: `<p>${'事实'.repeat(30_000)}</p>` }),
      '投诉事项及事实依据内容过长',
    ],
    [
      'facts that are only markup',
      () => ({
        ...draft,
        factsHtml: `<p><strong><em></em></strong>${'<br>'.repeat(30)}短</p>`,
      }),
      '投诉事项及事实依据不能少于20个字',
    ],
    [
      'facts with a script',
      () => ({
        ...draft,
        factsHtml: `${draft.factsHtml}<script>alert("注入")</script>`,
      }),
      '投诉事项及事实依据含有脚本等不安全的网页内容，请删除后重新提交',
    ],
    [
      'a project that is not in the list',
      () => ({
        ...draft,
        project: { id: '999999', name: '不存在的项目', code: 'X-1' },
      }),
      MSG_PROJECT_UNKNOWN,
    ],
    [
      'a project whose name was altered',
      () => ({
        ...draft,
        project: {
          ...(draft.project as object),
          name: '被改过的项目名称',
        },
      }),
      MSG_PROJECT_UNKNOWN,
    ],
    [
      'an evidence file that does not exist',
      () => ({ ...draft, evidenceFileIds: ['nosuchfile123'] }),
      MSG_FILES_MISSING,
    ],
  ]

  it.each(refusals)(
    'refuses %s with its message and stores nothing',
    async (_name, body, msg) => {
      const before = await counts()
      const response = await post(body())
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ Success: false, State: 400, Msg: msg })
      expect(await counts()).toEqual(before)
    },
  )

  it('refuses a project outside engineering tenders and stores nothing', async () => {
    const procurement = await test.db
      .selectFrom('project')
      .where('category', '=', 2)
      .select(['id', 'name', 'code'])
      .executeTakeFirstOrThrow()
    const before = await counts()
    const response = await post({
      ...draft,
      project: { ...procurement, id: String(procurement.id) },
    })
    expect(response.json()).toEqual({
      Success: false,
      State: 400,
      Msg: MSG_PROJECT_UNKNOWN,
    })
    expect(await counts()).toEqual(before)
  })

  // Its sanitizer keeps only pictures stored here: one from another site would be missing from
  // the sealed 投诉书 without a word, so it is refused, naming it.
  it('refuses facts showing a picture from another site, naming it, and stores nothing', async () => {
    const before = await counts()
    const response = await post({
      ...draft,
      factsHtml: `${String(draft.factsHtml)}<p><img src="https://img.example.com/bid.png"></p>`,
    })
    expect(response.json()).toEqual({
      Success: false,
      State: 400,
      Msg: '投诉事项及事实依据中的图片须先上传到本站（不能引用外部网址的图片）：https://img.example.com/bid.png',
    })
    expect(await counts()).toEqual(before)
  })
})
