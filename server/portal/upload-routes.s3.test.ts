import { existsSync } from 'node:fs'
import path from 'node:path'

import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MSG_NOT_FOUND } from '#common/messages.ts'
import { FileRecordSchema } from '#common/schemas/file-record.ts'
import { createS3FileStorage } from '#server/files/s3-file-storage.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { accessCookieOf } from '#tests/file-access-cookie.ts'
import { startTestS3Server, type TestS3Server } from '#tests/s3-server.ts'
import { portalUpload } from '#tests/signed-requests.ts'
import { multipartBody, uploadSamples } from '#tests/upload-samples.ts'
import { buildTestApp } from '#tests/test-app.ts'

const samples = await uploadSamples()

describe.each(testEngines)(
  'files in an S3-compatible bucket on %s',
  (engine) => {
    let t: TestDatabase
    let s3: TestS3Server
    let app: FastifyInstance
    let address = 0

    beforeAll(async () => {
      t = await createTestDatabase(engine)
      s3 = await startTestS3Server()
      // The portal as it starts with S3_* set: no storage handed in, the configuration decides.
      app = await buildTestApp(t, { config: { s3: s3.config } })
    })
    afterAll(async () => {
      await app?.close()
      await s3?.close()
      await t?.destroy()
    })

    async function upload(name: string, bytes: Buffer) {
      const response = await app.inject({
        ...portalUpload(
          '/File/Upload',
          multipartBody([{ field: 'file', name, content: bytes }]),
        ),
        remoteAddress: `10.9.${engine.length}.${++address}`,
      })
      expect(response.statusCode, response.body).toBe(200)
      const record = FileRecordSchema.parse(response.json().data)
      const row = await t.db
        .selectFrom('file')
        .select(['storageKey'])
        .where('id', '=', record.id)
        .executeTakeFirstOrThrow()
      return { record, cookie: accessCookieOf(response), key: row.storageKey }
    }

    it('keeps an upload in the bucket and gives it back byte for byte', async () => {
      const { record, cookie, key } = await upload('投诉证据.pdf', samples.pdf)

      const download = await app.inject({
        url: record.url,
        headers: { cookie },
      })
      expect(download.statusCode).toBe(200)
      expect(download.headers['content-type']).toBe('application/pdf')
      expect(download.headers['content-length']).toBe(
        String(samples.pdf.length),
      )
      expect(download.rawPayload.equals(samples.pdf)).toBe(true)

      // In the bucket, and nowhere in DATA_DIR: another machine reads the same object.
      const bucket = createS3FileStorage(s3.config)
      try {
        expect(await bucket.stat(key)).toEqual({ size: samples.pdf.length })
      } finally {
        await bucket.close()
      }
      expect(existsSync(path.join(t.dataDir, 'files', key))).toBe(false)
    })

    it('answers a file whose object is gone from the bucket as not found, as the folder does', async () => {
      const { record, cookie, key } = await upload('现场照片.png', samples.png)
      const client = new S3Client({
        endpoint: s3.config.endpoint,
        region: s3.config.region,
        forcePathStyle: true,
        credentials: {
          accessKeyId: s3.config.accessKeyId,
          secretAccessKey: s3.config.secretAccessKey,
        },
      })
      try {
        await client.send(
          new DeleteObjectCommand({ Bucket: s3.config.bucket, Key: key }),
        )
      } finally {
        client.destroy()
      }
      const download = await app.inject({
        url: record.url,
        headers: { cookie },
      })
      expect(download.statusCode).toBe(404)
      expect(download.json()).toEqual({
        statusCode: 404,
        message: MSG_NOT_FOUND,
      })
    })
  },
)
