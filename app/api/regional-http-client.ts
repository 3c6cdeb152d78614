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

export function createRegionalHttpClient(
  config: RegionalHttpConfig,
  feedback: ApiFeedback,
  fetchImpl: typeof fetch = fetch,
) {
  const { resolveUrl, signedHeaders } = createRegionalRequestSigning(config)
  const { send, interpret } = createRegionalAnswers(feedback, fetchImpl)

  return {
    base: config.base.replace(/\/$/, ''),

    async get<T = unknown>(path: string, query?: RegionalQuery): Promise<T> {
      const url = resolveUrl(path, query)
      const headers = await signedHeaders('GET', url, await sha256Hex(''))
      return interpret<T>(
        send(url, { method: 'GET', headers }, REGIONAL_API_TIMEOUT_MS),
      )
    },

    // A JSON answer is an error, told as every other.
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

    // `resend` only for requests the server answers alike when sent twice: the complaint
    // submission with its client key.
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

    // The upload field shows a failure beside the file, so no toast is added here.
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
