import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { buffer, text } from 'node:stream/consumers'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startTestS3Server } from '#tests/s3-server.ts'
import { createLocalFileStorage, type FileStorage } from './file-storage.ts'
import { createS3FileStorage } from './s3-file-storage.ts'

type Opened = { storage: FileStorage; close(): Promise<void> }

/** Each kind of storage, opened fresh: the same calls must behave the same on both. */
const storages: [string, () => Promise<Opened>][] = [
  [
    'a local folder',
    async () => {
      const root = await mkdtemp(path.join(os.tmpdir(), 'storage-'))
      return {
        storage: createLocalFileStorage(root),
        close: () => rm(root, { recursive: true, force: true }),
      }
    },
  ],
  [
    'an S3-compatible bucket',
    async () => {
      const server = await startTestS3Server()
      const storage = createS3FileStorage(server.config)
      return {
        storage,
        async close() {
          await storage.close()
          await server.close()
        },
      }
    },
  ],
]

describe.each(storages)('file storage in %s', (_name, open) => {
  let opened: Opened
  let storage: FileStorage
  beforeAll(async () => {
    opened = await open()
    storage = opened.storage
  })
  afterAll(() => opened?.close())

  it('gives back what was put, with its size', async () => {
    await storage.put('2025/06/abc', Buffer.from('水利'), 'text/plain')
    expect(await text((await storage.get('2025/06/abc'))!)).toBe('水利')
    expect(await storage.stat('2025/06/abc')).toEqual({ size: 6 })
  })

  it('streams a large file back byte for byte, and a second put replaces the first', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17)
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 251
    await storage.put('2025/06/large', bytes, 'application/pdf')
    const stream = await storage.get('2025/06/large')
    expect(stream).toBeInstanceOf(Readable)
    expect((await buffer(stream!)).equals(bytes)).toBe(true)
    expect(await storage.stat('2025/06/large')).toEqual({ size: bytes.length })

    await storage.put('2025/06/large', Buffer.from('短'), 'text/plain')
    expect(await text((await storage.get('2025/06/large'))!)).toBe('短')
  })

  it('answers null for a key with nothing stored', async () => {
    expect(await storage.get('2025/06/missing')).toBeNull()
    expect(await storage.stat('2025/06/missing')).toBeNull()
  })

  it('refuses keys that would leave the storage folder or bucket', async () => {
    await expect(
      storage.put('../escape', Buffer.from('x'), 'text/plain'),
    ).rejects.toThrow(/invalid storage key/)
    await expect(storage.get('a/../../etc/passwd')).rejects.toThrow(
      /invalid storage key/,
    )
    await expect(storage.get('/etc/passwd')).rejects.toThrow(
      /invalid storage key/,
    )
  })
})

describe('file storage in a bucket that refuses the access key', () => {
  it('fails every call instead of answering that nothing is stored', async () => {
    const server = await startTestS3Server()
    const storage = createS3FileStorage({
      ...server.config,
      accessKeyId: 'UNKNOWN-KEY',
    })
    try {
      await expect(
        storage.put('2025/06/abc', Buffer.from('水利'), 'text/plain'),
      ).rejects.toThrow()
      await expect(storage.get('2025/06/abc')).rejects.toThrow()
      await expect(storage.stat('2025/06/abc')).rejects.toThrow()
    } finally {
      await storage.close()
      await server.close()
    }
  })
})
