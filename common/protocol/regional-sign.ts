import { toHex, utf8Bytes } from './sha256.ts'

export { sha256Hex } from './sha256.ts'

/** X-Content-SHA256 of a multipart upload, whose body is not hashed (architecture.md). */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD'

type RegionalSignInput = {
  method: string
  /** From `/xjApi` on, with the query string exactly as sent. */
  pathAndQuery: string
  timestamp: string | number
  nonce: string
  contentSha256: string
}

/**
 * The regional string to sign (architecture.md, Protocols):
 * METHOD \n PATH_AND_QUERY \n X-Timestamp \n X-Nonce \n X-Content-SHA256.
 */
export function regionalCanonicalString(input: RegionalSignInput): string {
  const { method, pathAndQuery, timestamp, nonce, contentSha256 } = input
  return [
    method.toUpperCase(),
    pathAndQuery,
    String(timestamp),
    nonce,
    contentSha256,
  ].join('\n')
}

/** X-Signature: lowercase hex HMAC-SHA256 of the canonical string with REGIONAL_HMAC_SECRET. */
export async function regionalSignature(
  input: RegionalSignInput,
  secret: string,
): Promise<string> {
  const subtle = globalThis.crypto.subtle
  const hmac = { name: 'HMAC', hash: 'SHA-256' }
  const key = await subtle.importKey('raw', utf8Bytes(secret), hmac, false, [
    'sign',
  ])
  return toHex(
    await subtle.sign('HMAC', key, utf8Bytes(regionalCanonicalString(input))),
  )
}

/** A fresh X-Nonce: 32 lowercase hex characters from 16 random bytes. */
export function createNonce(): string {
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(16)))
}
