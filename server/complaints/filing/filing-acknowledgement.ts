import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
} from 'node:crypto'

import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { clearAcknowledgementsUntil } from './complaint-submission-repository.ts'

/**
 * How long a resend with the draft's client key is given the query code again. The draft, and
 * with it the key, lives in one browser tab (sessionStorage): a resend comes within hours; a
 * week covers a tab left open over a holiday weekend.
 */
export const ACKNOWLEDGEMENT_KEEP_MS = 7 * 24 * 60 * 60_000

/** What is kept of the client key: its SHA-256, to find the submission by. */
export function clientKeyHash(clientKey: string): string {
  return createHash('sha256').update(clientKey).digest('hex')
}

/**
 * The key that seals a query code: drawn from the client key (HKDF-SHA256), which the server
 * never stores. A copy of the database (or of its backups) therefore holds no query code that
 * can be read: only the browser that submitted can open its own acknowledgement.
 */
function sealingKey(clientKey: string): Buffer {
  return Buffer.from(
    hkdfSync(
      'sha256',
      clientKey,
      'water-tender-portal',
      'complaint filing acknowledgement',
      32,
    ),
  )
}

/**
 * Seals the query code for resends: AES-256-GCM under the client key's sealing key, bound to
 * the complaint number (additional data), as base64url of IV, tag and ciphertext.
 */
export function sealAcknowledgement(
  clientKey: string,
  filed: { complaintNo: string; queryCode: string },
): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealingKey(clientKey), iv)
  cipher.setAAD(Buffer.from(filed.complaintNo))
  const sealed = Buffer.concat([
    cipher.update(filed.queryCode, 'utf8'),
    cipher.final(),
  ])
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')
}

/** The query code sealed for `complaintNo`; null when this key does not open it. */
export function openAcknowledgement(
  clientKey: string,
  complaintNo: string,
  sealed: string,
): string | null {
  const bytes = Buffer.from(sealed, 'base64url')
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      sealingKey(clientKey),
      bytes.subarray(0, 12),
    )
    decipher.setAAD(Buffer.from(complaintNo))
    decipher.setAuthTag(bytes.subarray(12, 28))
    return Buffer.concat([
      decipher.update(bytes.subarray(28)),
      decipher.final(),
    ]).toString('utf8')
  } catch {
    return null
  }
}

/** Forgets the sealed query codes whose time is up (the complaints plugin runs it hourly). */
export function forgetExpiredAcknowledgements(
  db: Kysely<Database>,
  now: Date,
): Promise<number> {
  return clearAcknowledgementsUntil(db, toShanghaiText(now))
}
