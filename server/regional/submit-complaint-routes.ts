import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'

import {
  ComplaintApplicationSchema,
  ComplaintFiledSchema,
} from '#common/schemas/complaint/complaint-filing.ts'
import {
  callsPerMinute,
  regionalOk,
  regionalResponses,
} from './regional-protocol.ts'
import {
  submitComplaint,
  type SubmitDeps,
} from '#server/complaints/filing/submit-complaint.ts'

/**
 * POST /xjApi/api/xjslts/zxtstj (spec §7): the application (ComplaintApplicationSchema) with
 * the SMS code, the sealed form and the draft's client key → `{ Success: true, Data:
 * { complaintNo, queryCode } }`, the same again for a resend with the same key; both also go
 * to the contact phone by SMS (the outbox).
 */
export function submitComplaintRoutes(deps: SubmitDeps) {
  return async function routes(xj: FastifyInstance) {
    xj.withTypeProvider<ZodTypeProvider>().post(
      '/api/xjslts/zxtstj',
      {
        ...callsPerMinute(10),
        schema: {
          body: ComplaintApplicationSchema,
          response: regionalResponses(ComplaintFiledSchema),
        },
      },
      async (request) =>
        regionalOk(
          await submitComplaint({ ...deps, log: request.log }, request.body),
        ),
    )
  }
}
