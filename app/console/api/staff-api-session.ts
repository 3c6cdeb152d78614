import type { z } from 'zod'

import {
  SessionAnswerSchema,
  SignInAnswerSchema,
} from '#common/schemas/staff.ts'

import { createSessionContact } from './session-contact.ts'
import { StaffApiError } from './staff-api-error.ts'
import type { Call, StaffApiTransport } from './staff-api-transport.ts'

type SessionAnswer = z.infer<typeof SessionAnswerSchema>

export function createStaffApiSession({
  send,
  refusalOf,
  parsed,
}: StaffApiTransport) {
  let csrfToken: string | null = null
  // For the session keeper (session-advice.ts): each request renews the session's 30 idle
  // minutes.
  const contact = createSessionContact()
  const noteAnswer = (answer: { endsInMs: number }) =>
    contact.started(answer.endsInMs)

  async function sessionEnded(response: Response): Promise<StaffApiError> {
    const hasEndedInUse = csrfToken !== null
    csrfToken = null
    return refusalOf(response, { isSessionEnded: true, hasEndedInUse })
  }

  async function session(): Promise<SessionAnswer> {
    const response = await send({ method: 'GET', path: '/session' }, null)
    if (response.status === 401) throw await sessionEnded(response)
    const answer = await parsed(response, SessionAnswerSchema)
    csrfToken = answer.csrfToken
    noteAnswer(answer)
    return answer
  }

  // A 403 on a change whose token has changed since (signed in again in another tab) is sent
  // once more. A change's 401 may be about what was typed (the current password, a code):
  // GET /session tells whether the session still holds.
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
    if (response.status !== 401 && !call.isOpen) contact.seen()
    if (response.status === 401 && !call.isOpen) {
      // A read sends nothing typed: its 401 can only be the session's.
      if (call.method === 'GET') throw await sessionEnded(response)
      const refusal = await refusalOf(response)
      try {
        await session()
      } catch (ended) {
        // Gone: the change's own answer says why (idle too long, 12 hours up), where the
        // session's read after it can only say that it has ended.
        if (ended instanceof StaffApiError && ended.isSessionEnded)
          throw new StaffApiError(refusal.status, refusal.message, {
            isSessionEnded: true,
            hasEndedInUse: ended.hasEndedInUse,
          })
        throw ended
      }
      throw refusal
    }
    return response
  }

  return {
    session,
    exchange,

    async signIn(body: {
      accountName: string
      password: string
      code: string
    }) {
      const response = await send(
        { method: 'POST', path: '/session', body, isOpen: true },
        null,
      )
      const answer = await parsed(response, SignInAnswerSchema)
      csrfToken = answer.csrfToken
      noteAnswer(answer)
      return answer
    },

    times: contact.times,

    async signOut(): Promise<void> {
      try {
        await exchange({ method: 'DELETE', path: '/session' })
      } finally {
        csrfToken = null
      }
    },
  }
}
