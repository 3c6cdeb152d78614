import { type FastifyInstance } from 'fastify'
import { type ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'

import { CaptchaQuerySchema } from '#common/schemas/complaint/complaint-verification.ts'
import { callsPerMinute, RegionalRefusalSchema } from './regional-protocol.ts'
import { issueCaptcha } from '#server/complaints/filing/captcha.ts'
import { type ExpiringStore } from '#server/shared/expiring-store.ts'

/** Captcha images a visitor may load in a minute, per address. */
export const CAPTCHAS_PER_MINUTE = 30

/**
 * GET /xjApi/api/xjslts/img/code?t=<id> (spec §7): the image captcha as binary PNG. The answer
 * stays on the server under the id `t` for five minutes, for one attempt.
 */
export function captchaRoutes(deps: { store: ExpiringStore }) {
  return async function routes(xj: FastifyInstance) {
    xj.withTypeProvider<ZodTypeProvider>().get(
      '/api/xjslts/img/code',
      {
        ...callsPerMinute(CAPTCHAS_PER_MINUTE),
        schema: {
          querystring: CaptchaQuerySchema,
          response: {
            // Bytes are sent as they are: no serializer runs on a Buffer.
            200: z.instanceof(Buffer).describe('image/png'),
            '4xx': RegionalRefusalSchema,
            '5xx': RegionalRefusalSchema,
          },
        },
      },
      async (request, reply) => {
        const png = await issueCaptcha(deps.store, request.query.t)
        return reply
          .type('image/png')
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(png)
      },
    )
  }
}
