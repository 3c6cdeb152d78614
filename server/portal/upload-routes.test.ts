import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  MSG_BAD_FILE_FORMAT,
  MSG_EMPTY_FILE,
  MSG_HEADER_MISSING,
  MSG_SIGN_INVALID,
  MSG_UPLOAD_FAILED,
  MSG_UPLOAD_NO_FILE,
  MSG_UPLOAD_ONE_FILE,
  MSG_UPLOAD_TOO_FREQUENT,
  msgFileTooLarge,
} from '#common/messages.ts'
import { FileRecordSchema } from '#common/schemas/file-record.ts'
import { UPLOAD_FILE_TYPES } from '#common/upload-file-types.ts'
import {
  formatMegabytes,
  IMAGE_UPLOAD_TYPES,
  MAX_EDITOR_IMAGE_BYTES,
  MAX_UPLOAD_BYTES,
} from '#common/upload-rules.ts'
import { decryptPortalJsonNode } from '#server/portal/server-crypto.ts'
import { testConfig } from '#tests/app-config.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { portalUpload, regionalRequest } from '#tests/signed-requests.ts'
import { multipartBody, uploadSamples } from '#tests/upload-samples.ts'
import { buildTestApp } from '#tests/test-app.ts'
import { accessCookieOf } from '#tests/file-access-cookie.ts'
import { UPLOAD_MIME } from '#server/files/upload-content-type.ts'
import { UPLOADS_PER_MINUTE } from './upload-routes.ts'

const samples = await uploadSamples()
const one = (name: string, content: Buffer | string, field = 'file') =>
  multipartBody([{ field, name, content }])

describe.each(testEngines)('upload endpoints on %s', (engine) => {
  let test: TestDatabase
  let app: FastifyInstance
  let address = 0

  beforeAll(async () => {
    test = await createTestDatabase(engine)
    app = await buildTestApp(test)
  })
  afterAll(async () => {
    await app.close()
    await test.destroy()
  })

  // Each test comes from its own address, so the per-address rate limit stays out of the way.
  const from = <T extends object>(request: T) => ({
    ...request,
    remoteAddress: `10.0.${engine.length}.${++address}`,
  })
  const countFiles = async () =>
    Number(
      (
        await test.db
          .selectFrom('file')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  // The file service: the field `upfile`, the record in `data` encrypted as the Portal API's Data.
  const upFile = (
    name: string,
    content: Buffer | string,
    query: Record<string, string> = {},
  ) =>
    app.inject(
      from(portalUpload('/File/UpFile', one(name, content, 'upfile'), query)),
    )
  const recordOf = (response: { json(): { data: string } }) =>
    FileRecordSchema.parse(
      decryptPortalJsonNode(response.json().data, testConfig('').portalAesKey),
    )

  it.each(UPLOAD_FILE_TYPES)(
    'File/Upload stores a real %s with the type its content shows',
    async (type) => {
      const name = `投诉证据-${type}.${type}`
      const response = await app.inject(
        from(portalUpload('/File/Upload', one(name, samples[type]))),
      )
      expect(response.statusCode).toBe(200)
      const body = response.json()
      expect(body).toMatchObject({ result: true, msg: '' })
      const record = FileRecordSchema.parse(body.data)
      expect(record.name).toBe(name)
      expect(record.type).toBe(
        ['jpg', 'gif', 'bmp', 'png'].includes(type) ? 0 : 1,
      )
      // The uploading browser reads it back (file-access.ts: uploads are personal data).
      const download = await app.inject({
        url: record.url,
        headers: { cookie: accessCookieOf(response) },
      })
      expect(download.statusCode).toBe(200)
      expect(download.headers['content-type']).toBe(UPLOAD_MIME[type])
      expect(download.rawPayload.equals(samples[type])).toBe(true)
    },
  )

  const refusals: [string, () => ReturnType<typeof portalUpload>, string][] = [
    [
      'an empty file',
      () => portalUpload('/File/Upload', one('空白.pdf', '')),
      MSG_EMPTY_FILE,
    ],
    [
      'a PNG named .pdf',
      () => portalUpload('/File/Upload', one('决定书.pdf', samples.png)),
      MSG_BAD_FILE_FORMAT,
    ],
    [
      'an xlsx named .docx',
      () => portalUpload('/File/Upload', one('清单.docx', samples.xlsx)),
      MSG_BAD_FILE_FORMAT,
    ],
    [
      'an HTML page named .jpg',
      () =>
        portalUpload(
          '/File/Upload',
          one('照片.jpg', '<html><script>alert(1)</script></html>'),
        ),
      MSG_BAD_FILE_FORMAT,
    ],
    [
      'a type outside the allowed list',
      () => portalUpload('/File/Upload', one('说明.txt', '评标说明')),
      MSG_BAD_FILE_FORMAT,
    ],
    [
      'a real jpg where only pdf is accepted',
      () =>
        portalUpload('/File/Upload', one('照片.jpg', samples.jpg), {
          accept: 'pdf',
        }),
      MSG_BAD_FILE_FORMAT,
    ],
    [
      'two files in one request',
      () =>
        portalUpload(
          '/File/Upload',
          multipartBody([
            { field: 'file', name: 'a.pdf', content: samples.pdf },
            { field: 'file', name: 'b.pdf', content: samples.pdf },
          ]),
        ),
      MSG_UPLOAD_ONE_FILE,
    ],
    [
      'a form without a file',
      () =>
        portalUpload(
          '/File/Upload',
          multipartBody([{ field: 'remark', content: '无附件' }]),
        ),
      MSG_UPLOAD_NO_FILE,
    ],
    [
      'a file under another field',
      () => portalUpload('/File/Upload', one('a.pdf', samples.pdf, 'upfile')),
      MSG_UPLOAD_NO_FILE,
    ],
  ]

  it.each(refusals)(
    'File/Upload refuses %s with its message and stores nothing',
    async (_name, request, msg) => {
      const before = await countFiles()
      const response = await app.inject(from(request()))
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ result: false, data: null, msg })
      expect(await countFiles()).toBe(before)
    },
  )

  it('File/Upload refuses a file over the size limit without storing it', async () => {
    const before = await countFiles()
    const big = Buffer.concat([
      samples.pdf,
      Buffer.alloc(MAX_UPLOAD_BYTES + 1 - samples.pdf.length),
    ])
    const response = await app.inject(
      from(portalUpload('/File/Upload', one('大文件.pdf', big))),
    )
    expect(response.json()).toEqual({
      result: false,
      data: null,
      msg: '文件大小不能超过20MB',
    })
    expect(await countFiles()).toBe(before)
  })

  it('accepts a file of exactly the accepted type when accept narrows the list', async () => {
    const response = await app.inject(
      from(
        portalUpload('/File/Upload', one('决定书.PDF', samples.pdf), {
          accept: 'pdf,doc',
        }),
      ),
    )
    expect(response.json()).toMatchObject({ result: true })
  })

  it('File/Upload needs the Portal signature over the query', async () => {
    const request = portalUpload('/File/Upload', one('a.pdf', samples.pdf))
    const unsigned = await app.inject(
      from({
        ...request,
        headers: { 'content-type': request.headers['content-type']! },
      }),
    )
    expect(unsigned.statusCode).toBe(400)
    expect(unsigned.json()).toEqual({ State: 400, Msg: MSG_HEADER_MISSING })
    const tampered = await app.inject(
      from({ ...request, url: `${request.url}&accept=pdf` }),
    )
    expect(tampered.json()).toEqual({ State: 400, Msg: MSG_SIGN_INVALID })
  })

  it('the file service takes `upfile` with the same checks and answers the record encrypted', async () => {
    const filesBefore = await countFiles()
    const response = await upFile('评标报告.docx', samples.docx)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ result: true, msg: '' })
    // `data` is the Portal API's envelope: base64 of IV and AES-CBC ciphertext, not JSON.
    expect(body.data).toMatch(/^[A-Za-z0-9+/]+=*$/)
    const record = recordOf(response)
    expect(record).toMatchObject({ name: '评标报告.docx', type: 1 })
    const download = await app.inject({
      url: record.url,
      headers: { cookie: accessCookieOf(response) },
    })
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(samples.docx)).toBe(true)
    expect(await countFiles()).toBe(filesBefore + 1)

    // The same refusals as File/Upload, unencrypted, and nothing stored.
    const disguised = await upFile('照片.png', samples.pdf)
    expect(disguised.json()).toEqual({
      result: false,
      data: null,
      msg: MSG_BAD_FILE_FORMAT,
    })
    const underFile = await app.inject(
      from(portalUpload('/File/UpFile', one('评标报告.docx', samples.docx))),
    )
    expect(underFile.json()).toEqual({
      result: false,
      data: null,
      msg: MSG_UPLOAD_NO_FILE,
    })
    expect(await countFiles()).toBe(filesBefore + 1)
  })

  it("the editor's pictures come through the file service: pictures only, 5 MB at most", async () => {
    const accept = { accept: IMAGE_UPLOAD_TYPES.join(',') }
    const record = recordOf(await upFile('现场照片.png', samples.png, accept))
    expect(record).toMatchObject({ name: '现场照片.png', type: 0 })
    const pdf = await upFile('文件.pdf', samples.pdf, accept)
    expect(pdf.json()).toMatchObject({
      result: false,
      msg: MSG_BAD_FILE_FORMAT,
    })
    const filesBefore = await countFiles()
    const large = Buffer.concat([
      samples.png,
      Buffer.alloc(MAX_EDITOR_IMAGE_BYTES),
    ])
    const tooLarge = await upFile('大照片.png', large, accept)
    expect(tooLarge.json()).toMatchObject({
      result: false,
      msg: msgFileTooLarge(formatMegabytes(MAX_EDITOR_IMAGE_BYTES)),
    })
    expect(await countFiles()).toBe(filesBefore)
  })

  it('cfs stores a complaint file under the regional signature', async () => {
    const response = await app.inject(
      from(
        regionalRequest('POST', '/xjApi/api/xjslts/complaint/file/cfs', {
          multipart: one('开标记录.xls', samples.xls),
        }),
      ),
    )
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.Success).toBe(true)
    expect(FileRecordSchema.parse(body.Data)).toMatchObject({
      name: '开标记录.xls',
      type: 1,
    })
  })

  it('cfs refuses a bad file with HTTP 400 and its message, and stores nothing', async () => {
    const before = await countFiles()
    for (const [name, content, msg] of [
      ['空.pdf', '', MSG_EMPTY_FILE],
      ['证据.zip', samples.gz, MSG_BAD_FILE_FORMAT],
    ] as const) {
      const response = await app.inject(
        from(
          regionalRequest('POST', '/xjApi/api/xjslts/complaint/file/cfs', {
            multipart: one(name, content),
          }),
        ),
      )
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ Success: false, State: 400, Msg: msg })
    }
    expect(await countFiles()).toBe(before)
  })

  // Bodies a broken or hostile uploader sends as multipart/form-data (spec §8: 文件上传失败).
  const BOUNDARY = '----portalbroken'
  const broken: [string, string, string][] = [
    ['garbage', 'garbage', `multipart/form-data; boundary=${BOUNDARY}`],
    [
      'a body cut off inside the file',
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.7 cut off',
      `multipart/form-data; boundary=${BOUNDARY}`,
    ],
    ['no boundary', 'garbage', 'multipart/form-data'],
  ]
  const brokenRequests = (body: string, contentType: string) => [
    ...['/File/Upload', '/File/UpFile'].map((path) =>
      portalUpload(path, { body, contentType }),
    ),
    regionalRequest('POST', '/xjApi/api/xjslts/complaint/file/cfs', {
      multipart: { body, contentType },
    }),
  ]

  it.each(broken)(
    'answers %s sent as multipart with HTTP 400 and 文件上传失败 on every upload route',
    async (_name, body, contentType) => {
      const before = await countFiles()
      for (const request of brokenRequests(body, contentType)) {
        const response = await app.inject(from(request))
        const url = String(request.url)
        expect(response.statusCode, url).toBe(400)
        const isRegional = url.startsWith('/xjApi')
        expect(response.json()).toEqual(
          isRegional
            ? { Success: false, State: 400, Msg: MSG_UPLOAD_FAILED }
            : { State: 400, Msg: MSG_UPLOAD_FAILED },
        )
      }
      expect(await countFiles()).toBe(before)
    },
  )

  it(`refuses more than ${UPLOADS_PER_MINUTE} uploads a minute from one address`, async () => {
    const remoteAddress = `10.9.${engine.length}.1`
    for (let i = 0; i < UPLOADS_PER_MINUTE; i++) {
      const ok = await app.inject({
        ...portalUpload('/File/Upload', one('空.pdf', '')),
        remoteAddress,
      })
      expect(ok.statusCode).toBe(200)
    }
    const limited = await app.inject({
      ...portalUpload('/File/Upload', one('a.pdf', samples.pdf)),
      remoteAddress,
    })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ State: 429, Msg: MSG_UPLOAD_TOO_FREQUENT })
    const regional = await app.inject({
      ...regionalRequest('POST', '/xjApi/api/xjslts/complaint/file/cfs', {
        multipart: one('a.pdf', samples.pdf),
      }),
      remoteAddress,
    })
    // Each endpoint counts on its own.
    expect(regional.statusCode).toBe(200)
  })
})
