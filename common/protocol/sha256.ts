const encoder = new TextEncoder()

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(bytes), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')
}

/** UTF-8 bytes of text, or a copy of the bytes given, in a form Web Crypto accepts. */
export function utf8Bytes(input: Uint8Array | string): Uint8Array<ArrayBuffer> {
  return typeof input === 'string'
    ? encoder.encode(input)
    : new Uint8Array(input)
}

/** Lowercase hex SHA-256 of bytes, or of a string's UTF-8 bytes (Web Crypto: server and browser). */
export async function sha256Hex(input: Uint8Array | string): Promise<string> {
  return toHex(
    await globalThis.crypto.subtle.digest('SHA-256', utf8Bytes(input)),
  )
}
