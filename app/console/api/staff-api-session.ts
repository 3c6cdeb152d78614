import type { z } from 'zod'

import { SessionAnswerSchema } from '#common/schemas/staff.ts'

import type { StaffApiError } from './staff-api-error.ts'
import type { Call, StaffApiTransport } from './staff-api-transport.ts'

type SessionAnswer = z.infer<typeof SessionAnswerSchema>

/**
 * The session and its CSRF token: read with GET /session, sent with every change, renewed once
 * when a change meets a 403 with an old token, and forgotten when the session ends.
 */
export function createStaffApiSession({
  send,
  refusalOf,
  parsed,
}: StaffApiTransport) {
  let csrfToken: string | null = null

  /** A 401 that means there is no session (any more); the token it had is forgotten. */
  async function sessionEnded(response: Response): Promise<StaffApiError> {
    const hasEndedInUse = csrfToken !== null
    csrfToken = null
    return refusalOf(response, { isSessionEnded: true, hasEndedInUse })
  }

  /** GET /session: who is signed in, and the session's CSRF token (kept for what follows). */
  async function session(): Promise<SessionAnswer> {
    const response = await send({ method: 'GET', path: '/session' }, null)
    if (response.status === 401) throw await sessionEnded(response)
    const answer = await parsed(response, SessionAnswerSchema)
    csrfToken = answer.csrfToken
    return answer
  }

  /** Sends a call as createStaffApiClient's rules say; the answer, successful or not. */
  async function exchange(call: Call): Promise<Response> {
    const isSessionChange = call.method !== 'GET' && !call.isOpen
    // A page opened afresh knows no token yet: the session gives it before the first change.
    if (isSessionChange && csrfToken === null) await session()
    const used = isSessionChange ? csrfToken : null
    let response = await send(call, used)
    if (response.status === 403 && isSessionChange) {
      const fresh = (await session()).csrfToken
      if (fresh !== used) response = await send(call, fresh)
    }
    if (response.status === 401 && !call.isOpen) {
      // A read sends nothing typed: its 401 can only be the session's.
      if (call.method === 'GET') throw await sessionEnded(response)
      const refusal = await refusalOf(response)
      await session() // throws, marked as ended, when the session is gone
      throw refusal
    }
    return response
  }

  return {
    session,
    exchange,

    /** Signs in (POST /session); a refusal (wrong password or code, 423, 429) is for the form. */
    async signIn(body: {
      accountName: string
      password: string
      code: string
    }) {
      const response = await send(
        { method: 'POST', path: '/session', body, isOpen: true },
        null,
      )
      const answer = await parsed(response, SessionAnswerSchema)
      csrfToken = answer.csrfToken
      return answer
    },

    /** Signs out (DELETE /session); the token is forgotten whatever the answer. */
    async signOut(): Promise<void> {
      try {
        await exchange({ method: 'DELETE', path: '/session' })
      } finally {
        csrfToken = null
      }
    },
  }
}
