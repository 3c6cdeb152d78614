import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import { CaptchaQuerySchema } from '#common/schemas/complaint/complaint-verification.ts'
import { peekCaptcha } from '#server/complaints/filing/captcha.ts'
import { ErrorMessageSchema } from '#server/shared/error-handler.ts'
import type { ExpiringStore } from '#server/shared/expiring-store.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

// A browser test cannot read a captcha image, so it asks for the answer. Mounted only when
// PORTAL_TEST_HOOKS=1, which a deployment never sets.
export function testHookRoutes(deps: { store: ExpiringStore }) {
  return async function routes(scope: FastifyInstance) {
    withZodSchemas(scope).get(
      '/captcha',
      {
        schema: {
          querystring: CaptchaQuerySchema,
          response: {
            200: z.object({ answer: z.string().nullable() }),
            '4xx': ErrorMessageSchema,
            '5xx': ErrorMessageSchema,
          },
        },
      },
      async (request, reply) => {
        const answer = await peekCaptcha(deps.store, request.query.t)
        return reply.header('cache-control', 'no-store').send({ answer })
      },
    )
  }
}
