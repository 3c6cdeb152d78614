import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'

import { MSG_CAPTCHA_WRONG } from '#common/messages.ts'
import {
  SmsCodeRequestSchema,
  SmsCodeSentSchema,
} from '#common/schemas/complaint/complaint-verification.ts'
import {
  callsPerMinute,
  regionalOk,
  regionalResponses,
} from './regional-protocol.ts'
import type { SmsSender } from '#server/shared/sms-sender.ts'
import { solveCaptcha } from '#server/complaints/filing/captcha.ts'
import type { ExpiringStore } from '#server/shared/expiring-store.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { sendSmsCode } from '#server/complaints/filing/sms-codes.ts'

export function smsCodeRoutes(deps: {
  store: ExpiringStore
  sms: SmsSender
  now?: () => Date
}) {
  return async function routes(xj: FastifyInstance) {
    xj.withTypeProvider<ZodTypeProvider>().post(
      '/api/xjslts/sms/code',
      {
        ...callsPerMinute(20),
        schema: {
          body: SmsCodeRequestSchema,
          response: regionalResponses(SmsCodeSentSchema),
        },
      },
      async (request) => {
        const body = request.body
        if (!(await solveCaptcha(deps.store, body.captchaId, body.captcha)))
          throw new Refusal(400, MSG_CAPTCHA_WRONG)
        return regionalOk(
          await sendSmsCode(deps, {
            phone: body.phone,
            purpose: body.purpose,
            address: request.ip,
          }),
        )
      },
    )
  }
}
