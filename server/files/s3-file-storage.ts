import { Readable } from 'node:stream'

import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'

import { MSG_STORAGE_UNAVAILABLE } from '#common/messages.ts'
import type { S3Config } from '#server/shared/config.ts'
import { ConfigError } from '#server/shared/config-error.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { assertStorageKey, type FileStorage } from './file-storage.ts'

export type ClosableFileStorage = FileStorage & { close(): Promise<void> }

/** An answer meaning "nothing under this key": GetObject says NoSuchKey, HeadObject NotFound. */
function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 ||
      error.name === 'NoSuchKey' ||
      error.name === 'NotFound')
  )
}

// The bucket refused or could not be reached (wrong credentials, a bucket gone, the server
// down): the visitor is told to try again later (503), the cause is logged as ours.
function unavailable(error: unknown): Refusal {
  return new Refusal(503, MSG_STORAGE_UNAVAILABLE, { cause: error })
}

// Path-style addressing, which MinIO, Ceph and the like serve without wildcard DNS. PutObject
// answers only once the object is stored, so a complaint that names a file is committed after its
// bytes are safe, as with the local folder.
export function createS3FileStorage(config: S3Config): ClosableFileStorage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: {
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
    },
    // The SDK's default checksums (CRC32 headers on every upload, checked on every download)
    // are not understood by every S3-compatible server; SigV4 already covers the payload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A download holds its connection until the visitor has read it: more than the default
    // 50, so a few slow readers do not queue everyone else's downloads.
    requestHandler: {
      connectionTimeout: 5000,
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  })
  const at = (key: string) => {
    assertStorageKey(key)
    return { Bucket: config.bucket, Key: key }
  }
  return {
    async put(key, bytes, mime) {
      const command = new PutObjectCommand({
        ...at(key),
        Body: bytes,
        ContentType: mime,
      })
      await client.send(command).catch((error: unknown) => {
        throw unavailable(error)
      })
    },
    async get(key) {
      const command = new GetObjectCommand(at(key))
      try {
        const { Body } = await client.send(command)
        // In Node the body is the response stream itself (an IncomingMessage).
        if (!(Body instanceof Readable))
          throw new Error(`S3 object without a readable body: ${key}`)
        return Body
      } catch (error) {
        if (isMissing(error)) return null
        throw unavailable(error)
      }
    },
    async stat(key) {
      const command = new HeadObjectCommand(at(key))
      try {
        const head = await client.send(command)
        return { size: head.ContentLength ?? 0 }
      } catch (error) {
        if (isMissing(error)) return null
        throw unavailable(error)
      }
    },
    // A listing of at most one key: signed like every call, and answered with the server's
    // error code (a HEAD's error has no body to say which). Under a prefix no file has, so the
    // server reads no folder that is being written to.
    async check() {
      await client.send(
        new ListObjectsV2Command({
          Bucket: config.bucket,
          Prefix: 'health-check/',
          MaxKeys: 1,
        }),
      )
    },
    async close() {
      client.destroy()
    },
  }
}

/**
 * What start-up says when the bucket cannot be used, naming the variable to mend: one line,
 * without the SDK's stack.
 */
export function bucketProblem(config: S3Config, error: unknown): ConfigError {
  const bucket = `存储桶 ${config.bucket}（${config.endpoint}）`
  const code =
    error instanceof S3ServiceException
      ? error.name
      : ((error as NodeJS.ErrnoException).code ?? (error as Error).name)
  const status =
    error instanceof S3ServiceException
      ? error.$metadata.httpStatusCode
      : undefined
  const message =
    code === 'SignatureDoesNotMatch'
      ? `S3_SECRET_KEY 无效：${bucket}拒绝了签名`
      : code === 'InvalidAccessKeyId'
        ? `S3_ACCESS_KEY 无效：${bucket}不认识该访问密钥`
        : code === 'NoSuchBucket' || status === 404
          ? `S3_BUCKET 无效：${config.endpoint} 上没有存储桶 ${config.bucket}`
          : status === 403
            ? `S3_ACCESS_KEY 无权读写${bucket}（${code}）`
            : status === undefined
              ? `S3_ENDPOINT 无法连接：${config.endpoint}（${code}）`
              : `${bucket}不可用：HTTP ${status}（${code}）`
  return new ConfigError(`配置错误：${message}`, { cause: error })
}
