import { REGIONAL_API_TIMEOUT_MS } from '#common/constants/ui.ts'
import {
  MSG_REGIONAL_ERROR_FALLBACK,
  MSG_SERVER_ERROR,
} from '#common/messages.ts'
import {
  createNonce,
  regionalSignature,
  sha256Hex,
  UNSIGNED_PAYLOAD,
} from '#common/protocol/regional-sign.ts'
import type { UploadOptions } from '#common/regional-api.ts'

import type { ApiFeedback } from './api-feedback.ts'
import { readUploadedData, sendFileUpload } from './upload-request.ts'

type RegionalHttpConfig = { base: string; secret: string }
type RegionalQuery = Record<
  string,
  string | number | boolean | null | undefined
>

/** A regional call that did not succeed; the visitor has already been told. */
export class RegionalApiError extends Error {
  readonly state: number
  constructor(state: number, message: string) {
    super(message)
    this.name = 'RegionalApiError'
    this.state = state
  }
}

type Answer = { status: number; body: Record<string, unknown> | undefined }

/** A gateway's word that the server behind it is down or restarting, not the server's answer. */
const GATEWAY_FAILURES = new Set([502, 503, 504])

/** For a POST that may be sent again (the server answers a resend as the first time). */
type ResendOptions = {
  /** How often to send again when no answer came (network error) or a gateway failed. */
  resends: number
  /** The pause before the first resend, doubled before each further one. */
  pauseMs: number
}

/**
 * Sends, and sends again as `options` allows while no answer came: each time with a fresh
 * signature (a new timestamp and nonce, the server refusing a nonce it has seen).
 */
async function withResends(
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

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error)

/**
 * The signed HTTP transport of the regional complaint API (architecture.md, Protocols; spec §8),
 * on which createRegionalHttpApi builds the RegionalApi the features use. Every call is signed
 * with X-Timestamp, X-Nonce, X-Content-SHA256 (UNSIGNED-PAYLOAD for uploads) and X-Signature.
 * `{ Success: true, Data }` resolves to Data, `{ success: true, data, page }` to
 * `{ data, page }`. HTTP 401 and State 403/408 log out; other failures show a 5 s toast with
 * Msg, '未知错误' or '服务器错误' and reject (uploads: see `upload`).
 */
export function createRegionalHttpClient(
  config: RegionalHttpConfig,
  feedback: ApiFeedback,
  fetchImpl: typeof fetch = fetch,
) {
  function resolveUrl(path: string, query: RegionalQuery = {}): URL {
    const origin = globalThis.location?.href ?? 'http://localhost/'
    const url = new URL(config.base.replace(/\/$/, '') + path, origin)
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null)
        url.searchParams.append(key, String(value))
    }
    return url
  }

  async function signedHeaders(
    method: string,
    url: URL,
    contentSha256: string,
  ) {
    const timestamp = String(Date.now())
    const nonce = createNonce()
    // The server signs its raw URL; fetch sends url.pathname + url.search, starting at /xjApi.
    const path = url.pathname.slice(Math.max(0, url.pathname.indexOf('/xjApi')))
    const input = {
      method,
      pathAndQuery: path + url.search,
      timestamp,
      nonce,
      contentSha256,
    }
    return {
      'X-Timestamp': timestamp,
      'X-Nonce': nonce,
      'X-Content-SHA256': contentSha256,
      'X-Signature': await regionalSignature(input, config.secret),
    }
  }

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

  return {
    /** The base every path is joined to, as the server sees it (`/xjApi`). */
    base: config.base.replace(/\/$/, ''),

    /** GET with the query in the URL; resolves to Data, or `{ data, page }` for a page. */
    async get<T = unknown>(path: string, query?: RegionalQuery): Promise<T> {
      const url = resolveUrl(path, query)
      const headers = await signedHeaders('GET', url, await sha256Hex(''))
      return interpret<T>(
        send(url, { method: 'GET', headers }, REGIONAL_API_TIMEOUT_MS),
      )
    },

    /**
     * A signed GET of a binary answer (the captcha image or recording): resolves to its bytes. A JSON answer
     * is an error, told as every other.
     */
    async getBlob(path: string, query?: RegionalQuery): Promise<Blob> {
      const url = resolveUrl(path, query)
      const headers = await signedHeaders('GET', url, await sha256Hex(''))
      let response: Response
      try {
        response = await fetchImpl(url.href, {
          headers,
          signal: AbortSignal.timeout(REGIONAL_API_TIMEOUT_MS),
        })
      } catch (error) {
        feedback.error(messageOf(error))
        throw error
      }
      const type = response.headers.get('content-type') ?? ''
      // A page (an unknown path is redirected to the portal) is not the binary asked for.
      const isBinary = !type.includes('json') && !type.startsWith('text/')
      if (response.ok && isBinary) return response.blob()
      const body = (await response
        .json()
        .catch(() => undefined)) as Answer['body']
      // JSON or a page is never the binary asked for, even with HTTP 200.
      return interpret<Blob>(
        Promise.resolve({
          status: response.ok ? 502 : response.status,
          body: { ...body, Success: false },
        }),
      )
    },

    /**
     * POST with a JSON body, hashed byte for byte as sent. With `resend`, a request that got no
     * answer is sent again before the visitor is told (only for requests the server answers
     * alike when sent twice: the complaint submission with its client key).
     */
    async post<T = unknown>(
      path: string,
      body: unknown = {},
      resend?: ResendOptions,
    ): Promise<T> {
      const url = resolveUrl(path)
      const text = JSON.stringify(body)
      const contentSha256 = await sha256Hex(text)
      return interpret<T>(
        withResends(async () => {
          const headers = {
            ...(await signedHeaders('POST', url, contentSha256)),
            'Content-Type': 'application/json',
          }
          return send(
            url,
            { method: 'POST', headers, body: text },
            REGIONAL_API_TIMEOUT_MS,
          )
        }, resend),
      )
    },

    /**
     * A multipart upload (field `file`), signed with UNSIGNED-PAYLOAD and sent by the one file
     * sender: resolves to the reply's Data. Failures reject with the upload messages of spec §8,
     * which the upload field shows beside the file, so no toast is added here.
     */
    async upload(
      path: string,
      file: File,
      options: UploadOptions = {},
    ): Promise<unknown> {
      const url = resolveUrl(path)
      const headers = await signedHeaders('POST', url, UNSIGNED_PAYLOAD)
      const body = await sendFileUpload({
        ...options,
        url: url.href,
        file,
        headers,
      })
      return readUploadedData(body)
    },
  }
}

export type RegionalHttpClient = ReturnType<typeof createRegionalHttpClient>
