import { timingSafeEqual } from 'node:crypto'

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'

import { MAX_CLOCK_SKEW_MS, NONCE_TTL_MS } from '#common/constants/protocol.ts'
import {
  MSG_BODY_HASH_MISMATCH,
  MSG_HEADER_MISSING,
  MSG_NONCE_INVALID,
  MSG_NONCE_REPLAYED,
  MSG_SIGN_INVALID,
  MSG_TOO_FREQUENT,
  MSG_TS_INVALID,
} from '#common/messages.ts'
import {
  regionalSignature,
  sha256Hex,
  UNSIGNED_PAYLOAD,
} from '#common/protocol/regional-sign.ts'
import { answerFor } from '#server/shared/error-handler.ts'
import type { ExpiringStore } from '#server/shared/expiring-store.ts'
import { acceptJsonBodies } from '#server/shared/json-body.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

/**
 * The largest JSON body of the regional API: its biggest legitimate body, a complaint (facts
 * 50,000 characters of HTML, requests 2,000, ten respondents, the objection, file ids), is
 * about 60,000 characters, at most 360 KB even if JSON escapes every one as \uXXXX.
 */
export const REGIONAL_BODY_LIMIT = 512 * 1024

type RegionalProtocolOptions = {
  secret: string
  nonceStore: ExpiringStore
}

/** `{ Success: true, Data }`: a regional success (architecture.md). */
export function regionalOk<T>(data: T) {
  return { Success: true as const, Data: data }
}

/** `{ success: true, data, page }`: a regional page (architecture.md; lower-case as specified). */
export function regionalPage<T>(
  items: T[],
  page: { pageNo: number; pageSize: number; total: number },
) {
  return { success: true as const, data: items, page }
}

/** `{ Success: false, State, Msg }`: a service error; State 403 or 408 logs the client out. */
export function regionalError(state: number, msg: string) {
  return { Success: false as const, State: state, Msg: msg }
}

/**
 * A refusal or failure: `{ Success: false, State, Msg }`, or `{ Success: false, Msg }` without
 * State for the signing layer's HTTP 401 (architecture.md, Regional complaint API).
 */
export const RegionalRefusalSchema = z.object({
  Success: z.literal(false),
  State: z.number().int().optional(),
  Msg: z.string(),
})

/** The responses of a regional route whose success is `{ Success: true, Data }`. */
export function regionalResponses<T extends z.ZodType>(data: T) {
  return {
    200: z.object({ Success: z.literal(true), Data: data }),
    '4xx': RegionalRefusalSchema,
    '5xx': RegionalRefusalSchema,
  }
}

/** The responses of a regional page `{ success: true, data, page }` of `item`. */
export function regionalPageResponses<T extends z.ZodType>(item: T) {
  return {
    200: z.object({
      success: z.literal(true),
      data: z.array(item),
      page: z.object({
        pageNo: z.number().int(),
        pageSize: z.number().int(),
        total: z.number().int(),
      }),
    }),
    '4xx': RegionalRefusalSchema,
    '5xx': RegionalRefusalSchema,
  }
}

/**
 * Route options for a regional service that a visitor may call at most `max` times a minute from
 * one address (@fastify/rate-limit); more is refused with 操作过于频繁 in the regional envelope.
 */
export function callsPerMinute(max: number) {
  return {
    config: {
      rateLimit: {
        max,
        timeWindow: 60_000,
        errorResponseBuilder: () => new Refusal(429, MSG_TOO_FREQUENT),
      },
    },
  }
}

const EMPTY_SHA256 =
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
const HASH = /^[0-9a-f]{64}$/
// 16+ characters (architecture.md); the upper bound and character set keep store keys sane.
const NONCE = /^[\x21-\x7e]{16,128}$/

const isMultipart = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('multipart/form-data')

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name]
  return typeof value === 'string' && value !== '' ? value : undefined
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

// Everything that can be checked before the body is read.
async function verifyHeaders(
  request: FastifyRequest,
  secret: string,
): Promise<void> {
  const timestamp = header(request, 'x-timestamp')
  const nonce = header(request, 'x-nonce')
  const contentSha256 = header(request, 'x-content-sha256')
  const signature = header(request, 'x-signature')
  if (!timestamp || !nonce || !contentSha256 || !signature)
    throw new Refusal(401, MSG_HEADER_MISSING)
  if (
    !/^\d{1,16}$/.test(timestamp) ||
    Math.abs(Date.now() - Number(timestamp)) > MAX_CLOCK_SKEW_MS
  ) {
    throw new Refusal(401, MSG_TS_INVALID)
  }
  if (!NONCE.test(nonce)) throw new Refusal(401, MSG_NONCE_INVALID)
  // UNSIGNED-PAYLOAD only for multipart uploads; any other body is hashed (architecture.md).
  const isUnsigned = contentSha256 === UNSIGNED_PAYLOAD
  if (isUnsigned ? !isMultipart(request) : !HASH.test(contentSha256)) {
    throw new Refusal(401, MSG_BODY_HASH_MISMATCH)
  }
  // request.url is the raw URL as sent: the path from /xjApi on, with the query untouched.
  const expected = await regionalSignature(
    {
      method: request.method,
      pathAndQuery: request.url,
      timestamp,
      nonce,
      contentSha256,
    },
    secret,
  )
  if (!sameText(expected, signature)) throw new Refusal(401, MSG_SIGN_INVALID)
}

// A refusal of the services never answers State 403 or 408, which would log the complainant out:
// the domain's 403 (not theirs to take) is answered 409, as "not allowed now".
function regionalErrorHandler(
  error: FastifyError | Refusal,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, state, message } = answerFor(error, request)
  if (status === 401)
    return reply.code(401).send({ Success: false, Msg: message })
  if (state === 403 || state === 408)
    return reply.code(409).send(regionalError(409, message))
  return reply.code(status).send(regionalError(state, message))
}

/**
 * Verifies every request of the scope it is registered in (wrapped with fastify-plugin, so
 * register it first inside the /xjApi plugin), per architecture.md: headers, clock skew and
 * X-Signature on arrival; the raw body's SHA-256 while parsing; then the nonce is claimed, only
 * for a request whose signature and body were verified. Refusals answer HTTP 401
 * `{ Success: false, Msg }`; other errors `{ Success: false, State, Msg }` without details.
 * Multipart uploads must send UNSIGNED-PAYLOAD: their stream is not hashed. Routes of the scope
 * declare zod schemas (withZodSchemas).
 */
export const regionalProtocol = fp<RegionalProtocolOptions>(
  async (app, { secret, nonceStore }) => {
    withZodSchemas(app)
    const hashedRequests = new WeakSet<FastifyRequest>()
    // The raw bytes are hashed before they are read as JSON: the parser would not keep them.
    acceptJsonBodies(app, {
      maxBytes: REGIONAL_BODY_LIMIT,
      isEmptyAllowed: true,
      async verifyBytes(request, bytes) {
        if ((await sha256Hex(bytes)) !== request.headers['x-content-sha256'])
          throw new Refusal(401, MSG_BODY_HASH_MISMATCH)
        hashedRequests.add(request)
      },
    })

    // Every answer, refusals included, is personal and JSON: never stored, never sniffed.
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers({
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      })
    })
    app.addHook('onRequest', async (request) => verifyHeaders(request, secret))
    app.addHook('preValidation', async (request) => {
      if (!hashedRequests.has(request) && !isMultipart(request)) {
        const hasBody =
          request.headers['transfer-encoding'] !== undefined ||
          Number(request.headers['content-length'] ?? 0) > 0
        // A body no parser of ours hashed, or a declared hash for a request without a body.
        if (hasBody || request.headers['x-content-sha256'] !== EMPTY_SHA256) {
          throw new Refusal(401, MSG_BODY_HASH_MISMATCH)
        }
      }
      if (
        !(await nonceStore.setIfAbsent(
          `nonce:${String(request.headers['x-nonce'])}`,
          '1',
          NONCE_TTL_MS,
        ))
      ) {
        throw new Refusal(401, MSG_NONCE_REPLAYED)
      }
    })

    app.setErrorHandler(regionalErrorHandler)
  },
  { name: 'regional-protocol', fastify: '5.x' },
)
