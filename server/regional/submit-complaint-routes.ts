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

// A resend with the same client key gets the same answer.
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
