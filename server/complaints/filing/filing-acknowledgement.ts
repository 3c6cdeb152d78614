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

// The draft, and with it the key, lives in one tab (sessionStorage): a week covers a tab left open
// over a holiday weekend.
export const ACKNOWLEDGEMENT_KEEP_MS = 7 * 24 * 60 * 60_000

export function clientKeyHash(clientKey: string): string {
  return createHash('sha256').update(clientKey).digest('hex')
}

// Drawn from the client key, which the server never stores: a copy of the database (or of its
// backups) holds no query code that can be read.
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

// Bound to the complaint number (additional data).
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

export function forgetExpiredAcknowledgements(
  db: Kysely<Database>,
  now: Date,
): Promise<number> {
  return clearAcknowledgementsUntil(db, toShanghaiText(now))
}
