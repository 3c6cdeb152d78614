import { type FastifyInstance } from 'fastify'

import { CaptchaQuerySchema } from '#common/schemas/complaint/complaint-verification.ts'
import { parseRegional } from './parse-regional.ts'
import { callsPerMinute } from './regional-protocol.ts'
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
    xj.get(
      '/api/xjslts/img/code',
      callsPerMinute(CAPTCHAS_PER_MINUTE),
      async (request, reply) => {
        const { t } = parseRegional(CaptchaQuerySchema, request.query)
        const png = await issueCaptcha(deps.store, t)
        return reply
          .type('image/png')
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(png)
      },
    )
  }
}
