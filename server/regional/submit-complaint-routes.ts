import { type FastifyInstance } from 'fastify'

import {
  regionalError,
  regionalOk,
  callsPerMinute,
} from './regional-protocol.ts'
import { FilingRefusal } from '#server/complaints/filing/complaint-form.ts'
import { SmsCodeRefusal } from '#server/complaints/filing/sms-codes.ts'
import {
  submitComplaint,
  type SubmitDeps,
} from '#server/complaints/filing/submit-complaint.ts'

/**
 * POST /xjApi/api/xjslts/zxtstj (spec §7): the application (ComplaintApplicationSchema) with
 * the SMS code and the sealed form → `{ Success: true, Data: { complaintNo, queryCode } }`;
 * both also go to the contact phone by SMS.
 */
export function submitComplaintRoutes(deps: SubmitDeps) {
  return async function routes(xj: FastifyInstance) {
    xj.post(
      '/api/xjslts/zxtstj',
      callsPerMinute(10),
      async (request, reply) => {
        try {
          return regionalOk(
            await submitComplaint({ ...deps, log: request.log }, request.body),
          )
        } catch (error) {
          if (
            !(error instanceof FilingRefusal) &&
            !(error instanceof SmsCodeRefusal)
          )
            throw error
          return reply
            .code(error.status)
            .send(regionalError(error.status, error.message))
        }
      },
    )
  }
}
