import type { FastifyInstance, FastifyRequest } from 'fastify'
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
import { findComplaintByNo } from '#server/complaints/complaint-repository.ts'
import type { ComplaintDeps } from '#server/complaints/complaint-service.ts'
import { ensureFilingReceipt } from '#server/complaints/filing-receipt.ts'
import type { FileAccess } from '#server/files/file-access.ts'

// A resend with the same client key gets the same answer.
export function submitComplaintRoutes({
  complaints,
  access,
  ...deps
}: SubmitDeps & { complaints: ComplaintDeps; access: FileAccess }) {
  // The complaint is filed whatever happens here: a 回执 that fails now is made on a query.
  async function receiptOf(
    filed: { complaintNo: string },
    request: FastifyRequest,
  ) {
    try {
      const c = await findComplaintByNo(deps.db, filed.complaintNo)
      return c ? await ensureFilingReceipt(deps.db, complaints, c) : null
    } catch (error) {
      request.log.error(
        { err: error, complaintNo: filed.complaintNo },
        'filing receipt not issued',
      )
      return null
    }
  }
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
      async (request, reply) => {
        const filed = await submitComplaint(
          { ...deps, log: request.log },
          request.body,
        )
        // The browser that filed reads the complaint's documents at once, the 回执 first, as
        // after a query.
        await access.grantComplaint(request, reply, filed.complaintNo)
        return regionalOk({
          ...filed,
          receipt: await receiptOf(filed, request),
        })
      },
    )
  }
}
