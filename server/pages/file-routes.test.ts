import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MSG_NOT_FOUND } from '#common/messages.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'
import { fileUrl } from '#server/files/file-record.ts'
import { saveFile, type SavedFile } from '#server/files/save-file.ts'

describe.each(testEngines)('GET /files/:id/:name on %s', (engine) => {
  let test: TestDatabase
  let app: FastifyInstance
  let pdf: SavedFile
  let docx: SavedFile
  let svg: SavedFile

  beforeAll(async () => {
    test = await createTestDatabase(engine)
    app = await buildTestApp(test)
    // Attachments of a published article: public files (file-routes.access.test.ts has the
    // files of complaints, which are not).
    pdf = await saveFile(test.db, test.storage, {
      name: '招标文件.pdf',
      mime: 'application/pdf',
      bytes: Buffer.from('%PDF-1.7 test'),
    })
    docx = await saveFile(test.db, test.storage, {
      name: '附件1：报名回执表 (2025).docx',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      bytes: Buffer.from('PK word'),
    })
    svg = await saveFile(test.db, test.storage, {
      name: 'cover.svg',
      mime: 'image/svg+xml',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    })
    const article = await test.db
      .selectFrom('article')
      .select('id')
      .where('isPublished', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await test.db
      .insertInto('articleFile')
      .values(
        [pdf, docx, svg].map((file, sort) => ({
          articleId: article.id,
          fileId: file.id,
          sort: 100 + sort,
        })),
      )
      .execute()
  })
  afterAll(async () => {
    await app.close()
    await test.destroy()
  })

  it('shows a public PDF inline with its type, length, a year of caching and the sandbox', async () => {
    const response = await app.inject({ url: fileUrl(pdf.id, pdf.name) })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-length']).toBe(String(pdf.size))
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    )
    expect(response.headers.etag).toBe(`"${pdf.sha256}"`)
    expect(response.headers['content-disposition']).toMatch(/^inline; /)
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
    )
    expect(response.body).toBe('%PDF-1.7 test')
  })

  it('downloads a Word file under its Chinese name', async () => {
    const response = await app.inject({ url: fileUrl(docx.id, docx.name) })
    expect(response.statusCode).toBe(200)
    const disposition = response.headers['content-disposition'] as string
    expect(disposition).toMatch(
      /^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/,
    )
    const encoded = disposition.split("filename*=UTF-8''")[1]!
    expect(decodeURIComponent(encoded)).toBe('附件1：报名回执表 (2025).docx')
  })

  it('sends an SVG with a policy that forbids scripts', async () => {
    const response = await app.inject({ url: fileUrl(svg.id, svg.name) })
    expect(response.headers['content-type']).toBe('image/svg+xml')
    expect(response.headers['content-security-policy']).toContain(
      "default-src 'none'",
    )
    expect(response.headers['content-security-policy']).toContain('sandbox')
  })

  it('answers 304 when the browser already has the file', async () => {
    const response = await app.inject({
      url: fileUrl(pdf.id, pdf.name),
      headers: { 'if-none-match': `"${pdf.sha256}"` },
    })
    expect(response.statusCode).toBe(304)
    expect(response.body).toBe('')
  })

  it('answers 404 in Chinese for an unknown id or a name that does not match', async () => {
    for (const url of [
      fileUrl('unknown-id', pdf.name),
      fileUrl(pdf.id, '别的文件.pdf'),
    ]) {
      const response = await app.inject({ url })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        statusCode: 404,
        message: MSG_NOT_FOUND,
      })
    }
  })

  it('refuses a malformed id with 400 and a Chinese reason naming it', async () => {
    const response = await app.inject({ url: fileUrl('x'.repeat(65), 'a.pdf') })
    expect(response.statusCode).toBe(400)
    const body = response.json<{ statusCode: number; message: string }>()
    expect(body.statusCode).toBe(400)
    expect(body.message).toMatch(/^id：.*[\u4e00-\u9fff]/)
  })

  it('serves the seeded attachments', async () => {
    const file = await test.db
      .selectFrom('file')
      .select(['id', 'name'])
      .where('name', 'like', '%.docx')
      .executeTakeFirstOrThrow()
    const response = await app.inject({ url: fileUrl(file.id, file.name) })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK')
  })
})
