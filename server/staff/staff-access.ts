import { createHash, timingSafeEqual } from 'node:crypto'

import { type FastifyRequest } from 'fastify'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Whether a request is the department's: today `Authorization: Bearer <STAFF_API_TOKEN>`,
 * compared in constant time (digests of equal length, so the token's length does not leak
 * either). The one place that answers it, for the staff API and for the files of complaints;
 * staff sign-in (issue 12) adds its sessions here.
 */
export function staffRequestCheck(
  token: string,
): (request: FastifyRequest) => boolean {
  const expected = digest(token)
  return (request) => {
    const header = request.headers.authorization ?? ''
    const given = header.startsWith('Bearer ') ? header.slice(7) : ''
    return given !== '' && timingSafeEqual(digest(given), expected)
  }
}
