import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'

import { CaptchaImageQuerySchema } from '#common/schemas/complaint/complaint-verification.ts'
import { callsPerMinute, RegionalRefusalSchema } from './regional-protocol.ts'
import { issueCaptcha } from '#server/complaints/filing/captcha.ts'
import type { ExpiringStore } from '#server/shared/expiring-store.ts'

/** Captchas a visitor may load in a minute, per address: images and spoken ones together. */
export const CAPTCHAS_PER_MINUTE = 30

// spec §7. One route for both forms, so that both count against one limit.
export function captchaRoutes(deps: { store: ExpiringStore }) {
  return async function routes(xj: FastifyInstance) {
    xj.withTypeProvider<ZodTypeProvider>().get(
      '/api/xjslts/img/code',
      {
        ...callsPerMinute(CAPTCHAS_PER_MINUTE),
        schema: {
          querystring: CaptchaImageQuerySchema,
          response: {
            // Bytes are sent as they are: no serializer runs on a Buffer.
            200: z.instanceof(Buffer).describe('image/png or audio/wav'),
            '4xx': RegionalRefusalSchema,
            '5xx': RegionalRefusalSchema,
          },
        },
      },
      async (request, reply) => {
        const { t, kind } = request.query
        const bytes = await issueCaptcha(deps.store, t, kind)
        return reply
          .type(kind === 'audio' ? 'audio/wav' : 'image/png')
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(bytes)
      },
    )
  }
}
