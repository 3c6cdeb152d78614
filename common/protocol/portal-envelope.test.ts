import { createCipheriv, randomBytes } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { decryptWithNode } from '#tests/decrypt-with-node.ts'

import {
  assertPortalAesKey,
  decryptPortalData,
  encryptPortalData,
} from './portal-envelope.ts'

const aesKey = '水利key_123456' // 2 Chinese characters (6 bytes) + 10 ASCII = 16 UTF-8 bytes
const value = {
  Table: [{ id: 1, title: '关于招标投标专项检查的通知' }],
  Total: 1,
}

describe('encryptPortalData', () => {
  it('produces base64 of IV and AES-128-CBC ciphertext that node:crypto decrypts', async () => {
    const data = await encryptPortalData(value, aesKey)
    expect(decryptWithNode(data, aesKey)).toEqual(value)
  })

  it('uses a fresh IV for every message', async () => {
    const first = await encryptPortalData(value, aesKey)
    const second = await encryptPortalData(value, aesKey)
    expect(first.slice(0, 22)).not.toBe(second.slice(0, 22))
    expect(decryptWithNode(second, aesKey)).toEqual(value)
  })

  it('pads a message of exactly one block with a whole extra block (PKCS#7)', async () => {
    const data = await encryptPortalData('12345678901234', aesKey) // '"…"' is 16 bytes
    expect(Buffer.from(data, 'base64').length).toBe(16 + 32)
  })

  it('rejects a key that is not 16 bytes', async () => {
    await expect(encryptPortalData(value, 'short')).rejects.toThrow(
      /exactly 16 bytes/,
    )
    expect(() => assertPortalAesKey('水利水利水利')).toThrow(/got 18/)
  })
})

describe('decryptPortalData', () => {
  it('reads data that node:crypto encrypted', async () => {
    const iv = randomBytes(16)
    const cipher = createCipheriv(
      'aes-128-cbc',
      Buffer.from(aesKey, 'utf8'),
      iv,
    )
    const body = Buffer.concat([
      cipher.update(JSON.stringify(value), 'utf8'),
      cipher.final(),
    ])
    const data = Buffer.concat([iv, body]).toString('base64')
    expect(await decryptPortalData(data, aesKey)).toEqual(value)
  })

  it('round-trips a large Chinese document', async () => {
    const big = { content: '<p>水利工程招标投标</p>'.repeat(20_000) }
    expect(
      await decryptPortalData(await encryptPortalData(big, aesKey), aesKey),
    ).toEqual(big)
  })

  it('refuses data encrypted with another key', async () => {
    const data = await encryptPortalData(value, aesKey)
    await expect(decryptPortalData(data, 'another-16-bytes')).rejects.toThrow()
  })

  it('refuses data that is not base64 or too short', async () => {
    await expect(decryptPortalData('%%%', aesKey)).rejects.toThrow(/base64/)
    await expect(
      decryptPortalData(btoa('0123456789abcdef'), aesKey),
    ).rejects.toThrow(/length/)
  })
})
