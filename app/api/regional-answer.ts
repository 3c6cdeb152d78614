import {
  MSG_REGIONAL_ERROR_FALLBACK,
  MSG_SERVER_ERROR,
} from '#common/messages.ts'

import type { ApiFeedback } from './api-feedback.ts'
import { RegionalApiError } from './regional-api-error.ts'

export type Answer = {
  status: number
  body: Record<string, unknown> | undefined
}

// A gateway's word that the server behind it is down or restarting, not the server's answer.
const GATEWAY_FAILURES = new Set([502, 503, 504])

// The server answers a resend as the first time.
export type ResendOptions = {
  resends: number
  // Doubled before each further resend.
  pauseMs: number
}

// A fresh signature each time: the server refuses a nonce it has seen.
export async function withResends(
  send: () => Promise<Answer>,
  options: ResendOptions | undefined,
): Promise<Answer> {
  const resends = options?.resends ?? 0
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await send()
      if (attempt >= resends || !GATEWAY_FAILURES.has(answer.status))
        return answer
    } catch (error) {
      if (attempt >= resends) throw error
    }
    await new Promise((resolve) =>
      setTimeout(resolve, (options?.pauseMs ?? 0) * 2 ** attempt),
    )
  }
}

export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error)

export function createRegionalAnswers(
  feedback: ApiFeedback,
  fetchImpl: typeof fetch,
) {
  async function send(
    url: URL,
    init: RequestInit,
    timeoutMs: number,
  ): Promise<Answer> {
    const response = await fetchImpl(url.href, {
      ...init,
      signal: AbortSignal.timeout(timeoutMs),
    })
    const body = (await response
      .json()
      .catch(() => undefined)) as Answer['body']
    return { status: response.status, body }
  }

  async function interpret<T>(sending: Promise<Answer>): Promise<T> {
    let answer: Answer
    try {
      answer = await sending
    } catch (error) {
      feedback.error(messageOf(error))
      throw error
    }
    const { status, body } = answer
    const msg = typeof body?.Msg === 'string' ? body.Msg : ''
    if (status === 401 || body?.State === 403 || body?.State === 408) {
      feedback.logout()
      throw new RegionalApiError(
        status === 401 ? 401 : Number(body?.State),
        msg,
      )
    }
    if (status < 200 || status >= 300) {
      feedback.error(msg || MSG_SERVER_ERROR)
      // The envelope's State where the server gave one: it may say more than the HTTP status.
      const state = typeof body?.State === 'number' ? body.State : status
      throw new RegionalApiError(state, msg || MSG_SERVER_ERROR)
    }
    if (body?.Success === true) return body.Data as T
    if (body?.success === true) return { data: body.data, page: body.page } as T
    feedback.error(msg || MSG_REGIONAL_ERROR_FALLBACK)
    throw new RegionalApiError(
      Number(body?.State ?? status),
      msg || MSG_REGIONAL_ERROR_FALLBACK,
    )
  }

  return { send, interpret }
}
