import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'

import { afterAll, describe, expect, it } from 'vitest'

import { createLocalFileStorage } from './file-storage.ts'

describe('local file storage', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'storage-'))
  const storage = createLocalFileStorage(root)
  afterAll(() => rm(root, { recursive: true, force: true }))

  it('gives back what was put, with its size', async () => {
    await storage.put('2025/06/abc', Buffer.from('水利'), 'text/plain')
    expect(await text((await storage.get('2025/06/abc'))!)).toBe('水利')
    expect(await storage.stat('2025/06/abc')).toEqual({ size: 6 })
  })

  it('answers null for a key with nothing stored', async () => {
    expect(await storage.get('2025/06/missing')).toBeNull()
    expect(await storage.stat('2025/06/missing')).toBeNull()
  })

  it('refuses keys that would leave the storage folder', async () => {
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
