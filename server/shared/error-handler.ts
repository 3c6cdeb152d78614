import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'

import {
  MSG_BAD_REQUEST_BODY,
  MSG_BODY_TOO_LARGE,
  MSG_HEADERS_TOO_LARGE,
  MSG_INTERNAL_ERROR,
  MSG_NOT_FOUND,
  MSG_REQUEST_TIMEOUT,
  MSG_TOO_FREQUENT,
} from '#common/messages.ts'

import { redactUrl } from './log-redaction.ts'
import { Refusal } from './refusal.ts'

type ErrorAnswer = {
  status: number
  state: number
  // Always Chinese; a generic sentence for a failure inside the server.
  message: string
  field?: string
}

// Fastify's own client errors (bad JSON, a body too large, an unsupported media type, a rate
// limit without a message of its own) carry English text: the visitor gets these instead.
function clientErrorMessage(status: number): string {
  if (status === 404) return MSG_NOT_FOUND
  // Fastify's own limit: reached where no route of ours reads the body (an unknown address).
  if (status === 413) return MSG_BODY_TOO_LARGE
  if (status === 429) return MSG_TOO_FREQUENT
  return MSG_BAD_REQUEST_BODY
}

function refusalAnswer(refusal: Refusal): ErrorAnswer {
  return {
    status: refusal.status,
    state: refusal.state,
    message: refusal.message,
  }
}

function clientErrorAnswer(error: FastifyError): ErrorAnswer | undefined {
  const [problem] = error.validation ?? []
  if (problem) {
    const field = problem.instancePath.slice(1).replaceAll('/', '.')
    return {
      status: 400,
      state: 400,
      message: problem.message ?? MSG_BAD_REQUEST_BODY,
      ...(field ? { field } : {}),
    }
  }
  const status = error.statusCode ?? 500
  if (status < 400 || status >= 500) return undefined
  return { status, state: status, message: clientErrorMessage(status) }
}

export function answerFor(
  error: FastifyError | Refusal,
  request: FastifyRequest,
): ErrorAnswer {
  const context = {
    method: request.method,
    url: redactUrl(request.url),
    route: request.routeOptions.url,
  }
  const answer =
    error instanceof Refusal ? refusalAnswer(error) : clientErrorAnswer(error)
  if (!answer) {
    request.log.error({ ...context, err: error }, 'request failed')
    return { status: 500, state: 500, message: MSG_INTERNAL_ERROR }
  }
  if (error instanceof Refusal && error.cause !== undefined)
    // A refusal caused by a failure (a text message that could not be sent): the cause is ours.
    request.log.error(
      { ...context, err: error.cause, reason: answer.message },
      'request refused after a failure',
    )
  else
    request.log.info(
      { ...context, status: answer.status, reason: answer.message },
      'request refused',
    )
  return answer
}

export const ErrorMessageSchema = z.object({ message: z.string() })

// Each protocol edge sets its own on its scope (Portal, regional, pages).
export function defaultErrorHandler(
  error: FastifyError | Refusal,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, message } = answerFor(error, request)
  return reply.code(status).send({ message })
}

// Requests Node refuses before any route sees them (headers or URL over 16 KiB, not HTTP, too
// slow) are answered in Chinese too; a reset connection gets nothing.
export function clientConnectionError(
  error: Error & { code?: string },
  socket: Socket,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, MSG_REQUEST_TIMEOUT]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, MSG_HEADERS_TOO_LARGE]
        : [400, MSG_BAD_REQUEST_BODY]
  const body = JSON.stringify({ message })
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n\r\n${body}`,
    )
  socket.destroy(error)
}
