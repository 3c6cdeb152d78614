import { type FastifyInstance } from 'fastify'

import { CaptchaQuerySchema } from '#common/schemas/complaint/complaint-verification.ts'
import { peekCaptcha } from '#server/complaints/filing/captcha.ts'
import { type ExpiringStore } from '#server/shared/expiring-store.ts'

/**
 * Hooks for the end-to-end journeys, mounted at /__test__ only when PORTAL_TEST_HOOKS=1
 * (server/config.ts): a browser test cannot read a captcha image, so it asks for the answer.
 * A deployment never sets the variable, so these routes do not exist there.
 */
export function testHookRoutes(deps: { store: ExpiringStore }) {
  return async function routes(app: FastifyInstance) {
    app.get('/captcha', async (request, reply) => {
      const query = CaptchaQuerySchema.safeParse(request.query)
      if (!query.success) return reply.code(400).send({ answer: null })
      const answer = await peekCaptcha(deps.store, query.data.t)
      return reply.header('cache-control', 'no-store').send({ answer })
    })
  }
}
