import { createHash, randomInt, timingSafeEqual } from 'node:crypto'

import {
  normalizeQueryCode,
  QUERY_CODE_ALPHABET,
  QUERY_CODE_LENGTH,
} from '#common/schemas/complaint/complaint-fields.ts'

/** A fresh query code: 12 characters of a 31-letter alphabet (about 59 bits), from the CSPRNG. */
export function generateQueryCode(): string {
  let code = ''
  for (let i = 0; i < QUERY_CODE_LENGTH; i++)
    code += QUERY_CODE_ALPHABET[randomInt(QUERY_CODE_ALPHABET.length)]
  return code
}

// So that a copy of the database does not reveal codes. Hashed as issued, however it was typed.
export function hashQueryCode(code: string): string {
  return createHash('sha256').update(normalizeQueryCode(code)).digest('hex')
}

/** Compares a given code with a stored hash in constant time (both are 32-byte digests). */
export function isQueryCodeMatch(code: string, storedHash: string): boolean {
  const given = Buffer.from(hashQueryCode(code), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}
