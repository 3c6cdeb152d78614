import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'

import { answerFor } from '#server/shared/error-handler.ts'
import type { Refusal } from '#server/shared/refusal.ts'

export const SiteErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
})

export function siteErrorHandler(
  error: FastifyError | Refusal,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, message } = answerFor(error, request)
  return reply.code(status).send({ statusCode: status, message })
}
