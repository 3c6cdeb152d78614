import { pipeline, Transform, type Readable } from 'node:stream'

import type { FastifyInstance, FastifyRequest } from 'fastify'

import {
  MSG_BAD_REQUEST_BODY,
  MSG_BODY_TOO_DEEP,
  MSG_BODY_TOO_LARGE,
  MSG_BODY_TOO_WIDE,
  MSG_CHARSET_UNSUPPORTED,
} from '#common/messages.ts'

import { Refusal } from './refusal.ts'

// Nesting levels: the deepest real body, a complaint, has four.
export const JSON_MAX_DEPTH = 32
// The real bodies have a few dozen at most.
export const JSON_MAX_ITEMS = 1000
// What the parser allocates grows with the number of items more than with the bytes.
export const JSON_MAX_TOTAL_ITEMS = 10_000

const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const COMMA = 0x2c
const QUOTE = 0x22
const BACKSLASH = 0x5c

// Bounds the work the parser, the signature and the schemas will do, without building anything;
// the parser checks that it is JSON.
export function jsonShapeProblem(
  bytes: Uint8Array,
  maxDepth = JSON_MAX_DEPTH,
  maxItems = JSON_MAX_ITEMS,
  maxTotalItems = JSON_MAX_TOTAL_ITEMS,
): 'depth' | 'items' | undefined {
  // Commas seen in each open container: its items are one more.
  const commas = new Uint32Array(maxDepth + 1)
  let allCommas = 0
  let depth = 0
  let isInString = false
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]
    if (isInString) {
      if (byte === BACKSLASH) i++
      else if (byte === QUOTE) isInString = false
    } else if (byte === QUOTE) isInString = true
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > maxDepth) return 'depth'
      commas[depth] = 0
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      if (depth > 0) depth--
    } else if (byte === COMMA && depth > 0) {
      const count = (commas[depth] ?? 0) + 1
      if (count >= maxItems || ++allCommas >= maxTotalItems) return 'items'
      commas[depth] = count
    }
  }
  return undefined
}

function charsetOf(contentType: string): string | undefined {
  for (const parameter of contentType.split(';').slice(1)) {
    const [name, value = ''] = parameter.split('=')
    if (name?.trim().toLowerCase() === 'charset')
      return value.trim().replace(/^"|"$/g, '').toLowerCase()
  }
  return undefined
}

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined ||
  Number(request.headers['content-length'] ?? 0) > 0

const isMultipart = (contentType: string) =>
  contentType.toLowerCase().startsWith('multipart/')

function capped(payload: Readable, maxBytes: number): Readable {
  let received = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length
      done(
        received > maxBytes ? new Refusal(413, MSG_BODY_TOO_LARGE) : null,
        chunk,
      )
    },
  })
  return pipeline(payload, counter, () => {})
}

type JsonBodyOptions = {
  maxBytes: number
  // For the regional body hash.
  verifyBytes?: (request: FastifyRequest, bytes: Buffer) => Promise<void>
  isEmptyAllowed?: boolean
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

// Does no work proportional to a body it refuses: charset and size before a byte is read, shape
// in one pass before the parser (Fastify's, refusing prototype keys). Multipart bodies are left
// to the upload routes, which stream them within their own limits.
export function acceptJsonBodies(
  app: FastifyInstance,
  { maxBytes, verifyBytes, isEmptyAllowed = false }: JsonBodyOptions,
) {
  const parseText = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser(['application/json', 'text/plain'])

  app.addHook('preParsing', async (request, _reply, payload) => {
    const contentType = request.headers['content-type'] ?? ''
    if (!hasBody(request) || isMultipart(contentType)) return payload
    const charset = charsetOf(contentType)
    if (charset !== undefined && charset !== 'utf-8')
      throw new Refusal(415, MSG_CHARSET_UNSUPPORTED)
    const declared = request.headers['content-length']
    if (declared === undefined) return capped(payload, maxBytes)
    if (Number(declared) > maxBytes) throw new Refusal(413, MSG_BODY_TOO_LARGE)
    return payload
  })

  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: maxBytes },
    async (request: FastifyRequest, bytes: Buffer) => {
      await verifyBytes?.(request, bytes)
      if (bytes.length === 0) {
        if (isEmptyAllowed) return undefined
        throw new Refusal(400, MSG_BAD_REQUEST_BODY)
      }
      const problem = jsonShapeProblem(bytes)
      if (problem === 'depth') throw new Refusal(400, MSG_BODY_TOO_DEEP)
      if (problem === 'items') throw new Refusal(400, MSG_BODY_TOO_WIDE)
      let text: string
      try {
        text = utf8.decode(bytes)
      } catch {
        throw new Refusal(400, MSG_BAD_REQUEST_BODY)
      }
      return new Promise((resolve, reject) => {
        parseText(request, text, (error, value) =>
          error ? reject(error) : resolve(value),
        )
      })
    },
  )
}
