import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MSG_BAD_FILE_FORMAT, MSG_UPLOAD_FAILED } from '#common/messages.ts'
import { IMAGE_UPLOAD_TYPES } from '#common/upload-rules.ts'
import { testConfig } from '#tests/app-config.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'
import { uploadSamples } from '#tests/upload-samples.ts'
import { portalFileServiceUpload, UploadError } from './upload-request.ts'

// Contract test: the browser's file-service reader against the portal's real route, over HTTP.
const samples = await uploadSamples()
const config = testConfig('')

describe("the file service's reader (spec §7)", () => {
  let test: TestDatabase
  let app: FastifyInstance
  let base = ''

  beforeAll(async () => {
    test = await createTestDatabase('sqlite')
    app = await buildTestApp(test)
    base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/JdPortalApi`
  })
  afterAll(async () => {
    await app.close()
    await test.destroy()
  })

  const upload = (options?: { accept?: readonly string[] }) =>
    portalFileServiceUpload(
      { base, secret: config.portalApiSecret, aesKey: config.portalAesKey },
      options,
    )

  it('sends `upfile`, decrypts the record and tells the progress', async () => {
    const told: number[] = []
    const record = await upload()(
      new File([new Uint8Array(samples.pdf)], '投诉书.pdf', {
        type: 'application/pdf',
      }),
      (percent) => told.push(percent),
    )
    expect(record).toMatchObject({ name: '投诉书.pdf', type: 1 })
    expect(record.url).toMatch(/^\/files\/[\w-]+\//)
    expect(told.at(-1)).toBe(100)
  })

  it("takes the editor's pictures and refuses anything else with the server's message", async () => {
    const pictures = upload({ accept: IMAGE_UPLOAD_TYPES })
    const picture = await pictures(
      new File([new Uint8Array(samples.png)], '现场照片.png', {
        type: 'image/png',
      }),
    )
    expect(picture).toMatchObject({ name: '现场照片.png', type: 0 })
    await expect(
      pictures(
        new File([new Uint8Array(samples.pdf)], '文件.pdf', {
          type: 'application/pdf',
        }),
      ),
    ).rejects.toThrow(new UploadError(MSG_BAD_FILE_FORMAT))
  })

  it('says the upload failed when the record cannot be decrypted', async () => {
    const wrongKey = portalFileServiceUpload({
      base,
      secret: config.portalApiSecret,
      aesKey: 'fedcba9876543210',
    })
    await expect(
      wrongKey(
        new File([new Uint8Array(samples.png)], '照片.png', {
          type: 'image/png',
        }),
      ),
    ).rejects.toThrow(new UploadError(MSG_UPLOAD_FAILED))
  })
})
