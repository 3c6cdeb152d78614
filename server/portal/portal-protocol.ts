import { timingSafeEqual } from 'node:crypto'

import { type FastifyError, type FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'

import { MAX_CLOCK_SKEW_MS } from '#common/constants/protocol.ts'
import {
  MSG_BAD_REQUEST_BODY,
  MSG_HEADER_MISSING,
  MSG_INTERNAL_ERROR,
  MSG_SIGN_INVALID,
  MSG_TS_INVALID,
} from '#common/messages.ts'
import { type PortalParams } from '#common/protocol/portal-sign.ts'

import { encryptPortalJsonNode, portalSignNode } from './server-crypto.ts'

/** A refusal or service error answered as `{ State, Msg }` (architecture.md, Portal API). */
export class PortalError extends Error {
  readonly state: number
  constructor(state: number, message: string) {
    super(message)
    this.name = 'PortalError'
    this.state = state
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const zhCN = z.locales.zhCN()

/**
 * The request's signed parameters: the query plus the top-level JSON body fields
 * (architecture.md). A body that is not a JSON object, or that repeats a query key, is refused.
 */
export function portalParams(request: FastifyRequest): PortalParams {
  const query = isRecord(request.query) ? request.query : {}
  if (request.body === undefined || request.body === null) return { ...query }
  if (!isRecord(request.body)) throw new PortalError(400, MSG_BAD_REQUEST_BODY)
  if (Object.keys(request.body).some((key) => Object.hasOwn(query, key))) {
    throw new PortalError(400, MSG_BAD_REQUEST_BODY)
  }
  return { ...query, ...request.body }
}

/**
 * Parses the parameters without the protocol field `ts`; unknown fields are dropped (so a
 * PageList still carrying createTime or stype is served, spec §7). Invalid parameters are
 * refused with the first problem in Chinese.
 */
export function parsePortalQuery<T extends z.ZodType>(
  schema: T,
  params: PortalParams,
): z.output<T> {
  const { ts: _ts, ...rest } = params
  const result = schema.safeParse(rest, { error: zhCN.localeError })
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const field = issue?.path.join('.')
  throw new PortalError(
    400,
    field
      ? `${field}：${issue?.message}`
      : (issue?.message ?? MSG_BAD_REQUEST_BODY),
  )
}

/**
 * Encrypts a result, given as its JSON text, into the success envelope, already serialized:
 * base64 needs no escaping, and skipping a generic serializer matters at thousands of calls/s.
 */
export function portalOk(json: string, aesKey: string): string {
  return `{"State":200,"Msg":"","Data":"${encryptPortalJsonNode(json, aesKey)}"}`
}

function readTs(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value
  if (typeof value === 'string' && /^\d{1,16}$/.test(value))
    return Number(value)
  return undefined
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
  const ts = readTs(params.ts)
  if (ts === undefined || Math.abs(Date.now() - ts) > MAX_CLOCK_SKEW_MS) {
    throw new PortalError(400, MSG_TS_INVALID)
  }
  const sign = request.headers['x-sign']
  if (typeof sign !== 'string' || sign === '')
    throw new PortalError(400, MSG_HEADER_MISSING)
  if (!sameHex(portalSignNode(params, secret), sign))
    throw new PortalError(400, MSG_SIGN_INVALID)
}

/**
 * Guards every route of the scope it is registered in (wrapped with fastify-plugin, so register
 * it inside the /JdPortalApi plugin): after the body is parsed and before the handler runs it
 * checks `ts` (within MAX_CLOCK_SKEW_MS) and `X-Sign`, and it answers every error in the
 * `{ State, Msg }` shape, hiding the details of 5xx.
 */
export const portalProtocol = fp<{ secret: string }>(
  async (app, { secret }) => {
    app.addHook('preValidation', async (request) =>
      verifyPortalRequest(request, secret),
    )
    app.setErrorHandler((error: FastifyError | PortalError, request, reply) => {
      if (error instanceof PortalError) {
        const status =
          error.state >= 400 && error.state < 600 ? error.state : 400
        return reply
          .code(status)
          .send({ State: error.state, Msg: error.message })
      }
      const status = error.statusCode ?? 500
      if (status >= 400 && status < 500) {
        // Bad JSON, a wrong content type, a body too large: Fastify's reason stays in the log.
        request.log.info({ err: error }, 'portal request refused')
        return reply
          .code(status)
          .send({ State: status, Msg: MSG_BAD_REQUEST_BODY })
      }
      request.log.error({ err: error }, 'portal request failed')
      return reply.code(500).send({ State: 500, Msg: MSG_INTERNAL_ERROR })
    })
  },
  { name: 'portal-protocol', fastify: '5.x' },
)
