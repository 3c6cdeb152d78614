import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MSG_STORAGE_UNAVAILABLE } from '#common/messages.ts'
import { FileRecordSchema } from '#common/schemas/file-record.ts'
import { SERVER_NODE_FLAGS } from '#server/shared/runtime-flags.ts'
import { freePort } from '../../scripts/free-port.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { accessCookieOf } from '#tests/file-access-cookie.ts'
import { startTestS3Server, type TestS3Server } from '#tests/s3-server.ts'
import { portalUpload } from '#tests/signed-requests.ts'
import { buildTestApp } from '#tests/test-app.ts'
import { multipartBody, uploadSamples } from '#tests/upload-samples.ts'
import { createS3FileStorage } from './s3-file-storage.ts'

const samples = await uploadSamples()
const ROOT = path.resolve(import.meta.dirname, '../..')

// The bucket is a test double that verifies SigV4 signatures with the AWS SDK's own signer
// (tests/s3-server.ts): s3rver alone accepts any secret.
describe('a bucket that refuses the credentials', () => {
  let s3: TestS3Server
  let t: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    s3 = await startTestS3Server()
    t = await createTestDatabase('sqlite')
    app = await buildTestApp(t, { config: { s3: s3.config } })
  })
  afterAll(async () => {
    await app?.close()
    await t?.destroy()
    await s3?.close()
  })

  it('is a server that checks signatures: a wrong secret gets SignatureDoesNotMatch', async () => {
    const right = createS3FileStorage(s3.config)
    const wrong = createS3FileStorage({
      ...s3.config,
      secretAccessKey: 'not-the-secret',
    })
    try {
      await expect(right.check()).resolves.toBeUndefined()
      await expect(wrong.check()).rejects.toMatchObject({
        name: 'SignatureDoesNotMatch',
      })
    } finally {
      await right.close()
      await wrong.close()
    }
  })

  it('stops the start on a fresh data folder with one line naming S3_SECRET_KEY, no stack', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-s3-start-'))
    try {
      const child = spawn(
        process.execPath,
        [...SERVER_NODE_FLAGS, 'server/main.ts'],
        {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {
            ...process.env,
            NODE_ENV: 'test',
            HOST: '127.0.0.1',
            PORT: String(await freePort()),
            DATA_DIR: dataDir,
            DATABASE_URL: '',
            REDIS_URL: '',
            LOG_LEVEL: 'warn',
            SMS_PROVIDER: 'log',
            S3_ENDPOINT: s3.config.endpoint,
            S3_BUCKET: s3.config.bucket,
            S3_ACCESS_KEY: s3.config.accessKeyId,
            S3_SECRET_KEY: 'not-the-secret',
          },
        },
      )
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      const [code] = (await once(child, 'close')) as [number | null]
      expect(code, output).toBe(1)
      expect(output.trim()).toBe(
        `配置错误：S3_SECRET_KEY 无效：存储桶 ${s3.config.bucket}（${s3.config.endpoint}）拒绝了签名`,
      )
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 60_000)

  it('refuses to build the app with a wrong secret, access key or bucket, naming each', async () => {
    const cases = [
      [{ secretAccessKey: 'not-the-secret' }, /^配置错误：S3_SECRET_KEY 无效/],
      [{ accessKeyId: 'NOT-A-KEY' }, /^配置错误：S3_ACCESS_KEY 无效/],
      [{ bucket: 'no-such-bucket' }, /^配置错误：S3_BUCKET 无效/],
    ] as const
    for (const [wrong, message] of cases)
      await expect(
        buildTestApp(t, { config: { s3: { ...s3.config, ...wrong } } }),
      ).rejects.toThrow(message)
  })

  it('says the storage is down in /healthz and answers downloads 503 in Chinese while the bucket refuses, then recovers', async () => {
    const upload = await app.inject({
      ...portalUpload(
        '/File/Upload',
        multipartBody([
          { field: 'file', name: '证据.pdf', content: samples.pdf },
        ]),
      ),
      remoteAddress: '10.9.9.1',
    })
    expect(upload.statusCode, upload.body).toBe(200)
    const record = FileRecordSchema.parse(upload.json().data)
    const download = () =>
      app.inject({
        url: record.url,
        headers: { cookie: accessCookieOf(upload) },
      })
    expect((await download()).statusCode).toBe(200)

    // The keys are changed on the bucket's side while the portal runs.
    s3.expectSecret('rotated-secret')
    const health = await app.inject('/healthz')
    expect(health.statusCode).toBe(503)
    expect(health.json()).toEqual({
      status: 'down',
      parts: { database: 'ok', storage: 'down' },
    })
    const refused = await download()
    expect(refused.statusCode).toBe(503)
    expect(refused.json()).toEqual({
      statusCode: 503,
      message: MSG_STORAGE_UNAVAILABLE,
    })

    s3.expectSecret(s3.config.secretAccessKey)
    expect((await app.inject('/healthz')).statusCode).toBe(200)
    expect((await download()).rawPayload.equals(samples.pdf)).toBe(true)
  })
})
