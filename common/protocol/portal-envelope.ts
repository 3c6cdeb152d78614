import { utf8Bytes } from './sha256.ts'

const IV_BYTES = 16

/**
 * Called at start-up so a wrong PORTAL_AES_KEY stops the server instead of every response.
 */
export function assertPortalAesKey(aesKey: string): Uint8Array<ArrayBuffer> {
  const raw = utf8Bytes(aesKey)
  if (raw.length !== 16) {
    throw new Error(
      `PORTAL_AES_KEY must be exactly 16 bytes in UTF-8, got ${raw.length}`,
    )
  }
  return raw
}

function importKey(
  aesKey: string,
  usage: 'encrypt' | 'decrypt',
): Promise<CryptoKey> {
  const raw = assertPortalAesKey(aesKey)
  return globalThis.crypto.subtle.importKey(
    'raw',
    raw,
    { name: 'AES-CBC' },
    false,
    [usage],
  )
}

// btoa/atob work on "binary strings" in both Node and browsers; Buffer exists only in Node.
function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary)
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
  } catch {
    throw new Error('encrypted data is not valid base64')
  }
}

/**
 * Encrypts a JSON value for the Portal API `Data` field (architecture.md): AES-128-CBC with
 * PKCS#7 padding over the UTF-8 JSON, returned as base64 of a fresh random 16-byte IV followed
 * by the ciphertext. Rejects a key that is not 16 bytes.
 */
export async function encryptPortalData(
  json: unknown,
  aesKey: string,
): Promise<string> {
  const key = await importKey(aesKey, 'encrypt')
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const plain = utf8Bytes(JSON.stringify(json) ?? 'null')
  const cipher = await globalThis.crypto.subtle.encrypt(
    { name: 'AES-CBC', iv },
    key,
    plain,
  )
  const out = new Uint8Array(IV_BYTES + cipher.byteLength)
  out.set(iv)
  out.set(new Uint8Array(cipher), IV_BYTES)
  return toBase64(out)
}

/**
 * Decrypts a Portal API `Data` field (base64 of IV || AES-128-CBC ciphertext) and parses its
 * JSON. Rejects a wrong key, damaged data or a key that is not 16 bytes.
 */
export async function decryptPortalData(
  data: string,
  aesKey: string,
): Promise<unknown> {
  const key = await importKey(aesKey, 'decrypt')
  const bytes = fromBase64(data)
  if (bytes.length < 2 * IV_BYTES || bytes.length % IV_BYTES !== 0) {
    throw new Error('encrypted data has a wrong length')
  }
  const iv = bytes.subarray(0, IV_BYTES)
  const plain = await globalThis.crypto.subtle
    .decrypt({ name: 'AES-CBC', iv }, key, bytes.subarray(IV_BYTES))
    .catch(() => {
      throw new Error('encrypted data cannot be decrypted with this key')
    })
  return JSON.parse(new TextDecoder().decode(plain))
}
