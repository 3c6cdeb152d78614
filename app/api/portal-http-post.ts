import { MSG_PORTAL_ERROR_FALLBACK } from '#common/messages.ts'
import { decryptPortalData } from '#common/protocol/portal-envelope.ts'
import { portalSign } from '#common/protocol/portal-sign.ts'

import type { ApiFeedback } from './api-feedback.ts'
import { PortalApiError } from './portal-api-error.ts'

export type PortalHttpConfig = {
  base: string
  linkApiBase: string
  secret: string
  aesKey: string
}

type Envelope = {
  State?: unknown
  state?: unknown
  statusCode?: unknown
  Msg?: unknown
  msg?: unknown
  Data?: unknown
  data?: unknown
}

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error)

export type PortalPost = ReturnType<typeof createPortalPost>

export function createPortalPost(
  config: Pick<PortalHttpConfig, 'secret' | 'aesKey'>,
  feedback: ApiFeedback,
  fetchImpl: typeof fetch,
) {
  // The result types are those of our own server's result schemas (server/portal): asserted here.
  async function post<T>(
    url: string,
    params: Record<string, unknown>,
    isMissingAllowed = false,
  ): Promise<T> {
    const body = { ...params, ts: Date.now() }
    let response: Response
    let envelope: Envelope
    try {
      const sign = await portalSign(body, config.secret)
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Sign': sign },
        body: JSON.stringify(body),
      })
      if (response.status === 401) {
        feedback.logout()
        throw new PortalApiError(401, response.statusText)
      }
      envelope = (await response.json()) as Envelope
    } catch (error) {
      if (!(error instanceof PortalApiError)) feedback.error(messageOf(error))
      throw error
    }
    const state = Number(
      envelope.State ?? envelope.state ?? envelope.statusCode,
    )
    const msg = String(envelope.Msg ?? envelope.msg ?? '')
    if (state === 200) {
      const data = envelope.Data ?? envelope.data
      if (typeof data !== 'string') return data as T
      return decryptPortalData(data, config.aesKey).catch((error: unknown) => {
        feedback.error(messageOf(error))
        throw error
      }) as Promise<T>
    }
    if (state === 404 && isMissingAllowed) return null as T
    if (state === 403 || state === 408) feedback.logout()
    else feedback.error(msg || MSG_PORTAL_ERROR_FALLBACK)
    throw new PortalApiError(state, msg || MSG_PORTAL_ERROR_FALLBACK)
  }

  return post
}
