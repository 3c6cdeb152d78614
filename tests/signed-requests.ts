import { createHash, createHmac, randomBytes } from 'node:crypto'

import { type InjectOptions } from 'fastify'

import { portalSignNode } from '#server/portal/server-crypto.ts'
import { testConfig } from './app-config.ts'

const config = testConfig('')

type Body = { body: Buffer | string; contentType: string }

// architecture.md: JSON bodies are hashed, multipart bodies send UNSIGNED-PAYLOAD. The HMAC is
// computed with node:crypto, independently of the server's code.
export function regionalRequest(
  method: 'GET' | 'POST',
  url: string,
  options: {
    json?: unknown
    raw?: Body
    multipart?: Body
    nonce?: string
  } = {},
): InjectOptions & { headers: Record<string, string> } {
  const timestamp = String(Date.now())
  const nonce = options.nonce ?? randomBytes(16).toString('hex')
  let payload: Buffer | string | undefined
  let contentType: string | undefined
  let hash: string
  if (options.multipart) {
    payload = options.multipart.body
    contentType = options.multipart.contentType
    hash = 'UNSIGNED-PAYLOAD'
  } else {
    payload =
      options.raw?.body ??
      (options.json === undefined ? undefined : JSON.stringify(options.json))
    contentType =
      options.raw?.contentType ??
      (payload === undefined ? undefined : 'application/json')
    hash = createHash('sha256')
      .update(payload ?? '')
      .digest('hex')
  }
  const canonical = [method, url, timestamp, nonce, hash].join('\n')
  const headers: Record<string, string> = {
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-content-sha256': hash,
    'x-signature': createHmac('sha256', config.regionalHmacSecret)
      .update(canonical)
      .digest('hex'),
  }
  if (contentType) headers['content-type'] = contentType
  return { method, url, headers, payload }
}

export function portalUpload(
  path: string,
  multipart: Body,
  query: Record<string, string> = {},
): InjectOptions & { headers: Record<string, string> } {
  const params = { ...query, ts: String(Date.now()) }
  const search = new URLSearchParams(params).toString()
  return {
    method: 'POST',
    url: `/JdPortalApi${path}?${search}`,
    payload: multipart.body,
    headers: {
      'content-type': multipart.contentType,
      'x-sign': portalSignNode(params, config.portalApiSecret),
    },
  }
}
