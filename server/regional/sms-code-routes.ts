import { type FastifyInstance } from 'fastify'

import { MSG_CAPTCHA_WRONG } from '#common/messages.ts'
import { SmsCodeRequestSchema } from '#common/schemas/complaint/complaint-verification.ts'
import { parseRegional } from './parse-regional.ts'
import {
  regionalError,
  regionalOk,
  callsPerMinute,
} from './regional-protocol.ts'
import { type SmsSender } from '#server/shared/sms-sender.ts'
import { solveCaptcha } from '#server/complaints/filing/captcha.ts'
import { type ExpiringStore } from '#server/shared/expiring-store.ts'
import {
  sendSmsCode,
  SmsCodeRefusal,
} from '#server/complaints/filing/sms-codes.ts'

/**
 * POST /xjApi/api/xjslts/sms/code (spec §7): `{ phone, captchaId, captcha, purpose? }` → a
 * six-digit code by SMS to the phone, after the image captcha `captchaId` (the `t` of its
 * image) was answered right.
 */
export function smsCodeRoutes(deps: {
  store: ExpiringStore
  sms: SmsSender
  now?: () => Date
}) {
  return async function routes(xj: FastifyInstance) {
    xj.post(
      '/api/xjslts/sms/code',
      callsPerMinute(20),
      async (request, reply) => {
        const body = parseRegional(SmsCodeRequestSchema, request.body)
        if (!(await solveCaptcha(deps.store, body.captchaId, body.captcha)))
          return reply.code(400).send(regionalError(400, MSG_CAPTCHA_WRONG))
        try {
          return regionalOk(
            await sendSmsCode(deps, {
              phone: body.phone,
              purpose: body.purpose,
              address: request.ip,
            }),
          )
        } catch (error) {
          if (!(error instanceof SmsCodeRefusal)) throw error
          if (error.cause)
            request.log.error({ err: error.cause }, 'SMS code not sent')
          return reply
            .code(error.status)
            .send(regionalError(error.status, error.message))
        }
      },
    )
  }
}
