import { timingSafeEqual } from 'node:crypto'

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'

import { MAX_CLOCK_SKEW_MS } from '#common/constants/protocol.ts'
import {
  MSG_BAD_REQUEST_BODY,
  MSG_HEADER_MISSING,
  MSG_SIGN_INVALID,
  MSG_TS_INVALID,
} from '#common/messages.ts'
import type { PortalParams } from '#common/protocol/portal-sign.ts'
import { answerFor } from '#server/shared/error-handler.ts'
import { acceptJsonBodies } from '#server/shared/json-body.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import { encryptPortalJsonNode, portalSignNode } from './server-crypto.ts'

/**
 * The largest JSON body of the Portal API: its biggest legitimate body, a public feedback
 * message (name 50, title 100, content 2,000 characters), is at most 13 KB even if JSON escapes
 * every character as \uXXXX.
 */
export const PORTAL_BODY_LIMIT = 32 * 1024

/** `{ State, Msg }`: how the Portal API answers a refusal or a failure (architecture.md). */
export const PortalRefusalSchema = z.object({
  State: z.number().int(),
  Msg: z.string(),
})

/** `{ State: 200, Msg: "", Data }`: Data is the encrypted result (base64 of IV + ciphertext). */
const PortalOkSchema = z.object({
  State: z.literal(200),
  Msg: z.literal(''),
  Data: z.string(),
})

export const PORTAL_RESPONSES = {
  200: PortalOkSchema,
  '4xx': PortalRefusalSchema,
  '5xx': PortalRefusalSchema,
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The request's signed parameters: the query plus the top-level JSON body fields
 * (architecture.md). A body that is not a JSON object, or that repeats a query key, is refused.
 */
export function portalParams(request: FastifyRequest): PortalParams {
  const query = isRecord(request.query) ? request.query : {}
  if (request.body === undefined || request.body === null) return { ...query }
  if (!isRecord(request.body)) throw new Refusal(400, MSG_BAD_REQUEST_BODY)
  if (Object.keys(request.body).some((key) => Object.hasOwn(query, key))) {
    throw new Refusal(400, MSG_BAD_REQUEST_BODY)
  }
  return { ...query, ...request.body }
}

/**
 * Already serialized: base64 needs no escaping, and skipping a generic serializer matters at
 * thousands of calls/s.
 */
export function portalOk(json: string, aesKey: string): string {
  return `{"State":200,"Msg":"","Data":"${encryptPortalJsonNode(json, aesKey)}"}`
}

// docs/api/portal-protocol.md: a whole number in a JSON body, digits in the query. Text in a
// body is refused like a wrong time.
function readTs(request: FastifyRequest): number | undefined {
  if (isRecord(request.body) && Object.hasOwn(request.body, 'ts')) {
    const { ts } = request.body
    return typeof ts === 'number' && Number.isSafeInteger(ts) ? ts : undefined
  }
  const ts = isRecord(request.query) ? request.query.ts : undefined
  return typeof ts === 'string' && /^\d{1,16}$/.test(ts)
    ? Number(ts)
    : undefined
}

function sameHex(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8')
  const b = Buffer.from(received, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}

async function verifyPortalRequest(
  request: FastifyRequest,
  secret: string,
): Promise<void> {
  const params = portalParams(request)
  const ts = readTs(request)
  if (ts === undefined || Math.abs(Date.now() - ts) > MAX_CLOCK_SKEW_MS) {
    throw new Refusal(400, MSG_TS_INVALID)
  }
  const sign = request.headers['x-sign']
  if (typeof sign !== 'string' || sign === '')
    throw new Refusal(400, MSG_HEADER_MISSING)
  if (!sameHex(portalSignNode(params, secret), sign))
    throw new Refusal(400, MSG_SIGN_INVALID)
}

// A parameter refused by its schema names the field first (`pageNo：…`,
// docs/api/portal-protocol.md), also where the schema's own message does not.
function portalErrorHandler(
  error: FastifyError | Refusal,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, state, message, field } = answerFor(error, request)
  const named =
    field && !message.startsWith(`${field}：`)
      ? `${field}：${message}`
      : message
  return reply.code(status).send({ State: state, Msg: named })
}

/**
 * Wrapped with fastify-plugin, so register it inside the /JdPortalApi plugin. `ts` and `X-Sign`
 * are checked after the body is parsed and before it is validated.
 */
export const portalProtocol = fp<{ secret: string }>(
  async (app, { secret }) => {
    withZodSchemas(app)
    acceptJsonBodies(app, { maxBytes: PORTAL_BODY_LIMIT })
    app.addHook('preValidation', async (request) =>
      verifyPortalRequest(request, secret),
    )
    app.setErrorHandler(portalErrorHandler)
  },
  { name: 'portal-protocol', fastify: '5.x' },
)
