import { Readable } from 'node:stream'

import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'

import type { S3Config } from '#server/shared/config.ts'
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
      await client.send(
        new PutObjectCommand({ ...at(key), Body: bytes, ContentType: mime }),
      )
    },
    async get(key) {
      try {
        const { Body } = await client.send(new GetObjectCommand(at(key)))
        // In Node the body is the response stream itself (an IncomingMessage).
        if (!(Body instanceof Readable))
          throw new Error(`S3 object without a readable body: ${key}`)
        return Body
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand(at(key)))
        return { size: head.ContentLength ?? 0 }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    // A listing of at most one key: signed like every call, and answered with the server's
    // error code (a HEAD's error has no body to say which).
    async check() {
      await client.send(
        new ListObjectsV2Command({ Bucket: config.bucket, MaxKeys: 1 }),
      )
    },
    async close() {
      client.destroy()
    },
  }
}
