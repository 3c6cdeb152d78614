import { REGIONAL_API_TIMEOUT_MS } from '#common/constants/ui.ts'
import { sha256Hex, UNSIGNED_PAYLOAD } from '#common/protocol/regional-sign.ts'
import type { UploadOptions } from '#common/regional-api.ts'

import type { ApiFeedback } from './api-feedback.ts'
import {
  createRegionalAnswers,
  messageOf,
  withResends,
  type Answer,
  type ResendOptions,
} from './regional-answer.ts'
import {
  createRegionalRequestSigning,
  type RegionalHttpConfig,
  type RegionalQuery,
} from './regional-request-signing.ts'
import { readUploadedData, sendFileUpload } from './upload-request.ts'

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
  const { resolveUrl, signedHeaders } = createRegionalRequestSigning(config)
  const { send, interpret } = createRegionalAnswers(feedback, fetchImpl)

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
