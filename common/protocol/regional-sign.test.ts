import { createHash, createHmac } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import {
  createNonce,
  regionalCanonicalString,
  regionalSignature,
  sha256Hex,
  UNSIGNED_PAYLOAD,
} from './regional-sign.ts'

const input = {
  method: 'get',
  pathAndQuery: '/xjApi/api/xjslts/tsbhcx?no=202501010001&code=%E6%B0%B4',
  timestamp: 1700000000000,
  nonce: '0123456789abcdef0123456789abcdef',
  contentSha256:
    'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
}

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 vector for "abc" and the hash of the empty body', async () => {
    expect(await sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
    expect(await sha256Hex('')).toBe(input.contentSha256)
  })

  it('hashes bytes and UTF-8 text as node:crypto does', async () => {
    const text = '{"name":"新疆水利"}'
    const expected = createHash('sha256').update(text, 'utf8').digest('hex')
    expect(await sha256Hex(text)).toBe(expected)
    expect(await sha256Hex(new TextEncoder().encode(text))).toBe(expected)
  })
})

describe('regionalCanonicalString', () => {
  it('joins upper-case method, path and query, timestamp, nonce and body hash with newlines', () => {
    expect(regionalCanonicalString(input)).toBe(
      `GET\n${input.pathAndQuery}\n1700000000000\n${input.nonce}\n${input.contentSha256}`,
    )
  })
})

describe('regionalSignature', () => {
  it('matches a vector computed with openssl dgst -hmac', async () => {
    expect(await regionalSignature(input, 'regional-secret')).toBe(
      'f53195c209a0fb607212737969ff6b56ded3041e2bc0c708c24c547aeba782e7',
    )
  })

  it('is the HMAC-SHA256 of the canonical string, as node:crypto computes it', async () => {
    const secret = '区域-hmac-secret'
    const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
      .update(regionalCanonicalString(input), 'utf8')
      .digest('hex')
    expect(await regionalSignature(input, secret)).toBe(expected)
    expect(
      await regionalSignature(
        { ...input, contentSha256: UNSIGNED_PAYLOAD },
        secret,
      ),
    ).not.toBe(expected)
  })
})

describe('createNonce', () => {
  it('gives 32 hex characters, different every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce))
    expect(nonces.size).toBe(100)
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/)
  })
})
